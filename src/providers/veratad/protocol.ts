import talk from './talk';
import type { ProviderProtocol, Signal } from '../../protocols/types';
import {
  asRecord,
  asText,
  complete,
  progress,
  providerError,
  safely,
  saidOnLoad,
  sessionExpired,
  stepOf,
  upper,
  warning,
} from '../../protocols/wire';

/**
 * Veratad VX's frame posts bare strings (`PASS`, `FAIL`, `ALREADY VERIFIED`, `ERROR`, `LINK EXPIRED`,
 * `BOT DETECTED`, `CLOSE`) or, from a direct link, objects `{status: PASS|PENDING|FAIL, component,
 * error, event}`; both are accepted, objects also as JSON strings. It sends no "ready": the iframe's
 * first load is. Provider codes use `_` for the words' spaces (`LINK_EXPIRED`). Veratad's tables for `error` and `event` are partly inferred (docs/providers/veratad.md).
 */
const veratadProtocol: ProviderProtocol = {
  createSession(port) {
    return {
      onLoad: saidOnLoad(talk.hear!({ context: port.context, url: port.frameUrl })),

      receive: (message) =>
        safely((): Signal[] => {
          const data = asRecord(message);
          if (data) return fromObject(data);
          const text = asText(message);
          return text ? fromWord(text.toUpperCase()) : [];
        }),
    };
  },
};

function fromWord(word: string): Signal[] {
  switch (word) {
    case 'PASS':
    case 'ALREADY VERIFIED':
      return [{ type: 'submit' }, complete('approved')];
    case 'FAIL':
      return [{ type: 'submit' }, complete('declined')];
    case 'CLOSE':
      return [{ type: 'cancel' }];
    case 'LINK EXPIRED':
      return [sessionExpired('The Veratad link expired', 'LINK_EXPIRED')];
    case 'BOT DETECTED':
      return [providerError('Veratad suspected automated activity and ended the verification', 'BOT_DETECTED', false)];
    case 'ERROR':
      return [providerError('Veratad reported a system error', 'ERROR')];
    default:
      return [];
  }
}

function fromObject(data: Record<string, unknown>): Signal[] {
  const status = upper(data.status);
  const error = upper(data.error);
  const event = upper(data.event);
  const component = stepOf(data.component)?.toLowerCase();
  switch (error) {
    case 'ALREADY VERIFIED':
      return fromWord(error);
    case 'BAD TOKEN':
      return [sessionExpired('Veratad refused the link (bad token)', 'BAD_TOKEN')];
    case 'VELOCITY':
      return [providerError('Too many attempts within 24 hours: Veratad will not verify again yet', 'VELOCITY', false)];
    case 'ERROR':
      return fromWord(error);
  }
  if (status === 'PASS' || status === 'FAIL') return fromWord(status);
  if (event === 'CLOSE') return [{ type: 'cancel' }];
  // The component failed and VX offers another attempt: its own flow goes on.
  if (event === 'REATTEMPT')
    return [
      warning('provider-error', `Veratad asked for another attempt${component ? ` (${component})` : ''}`, 'REATTEMPT'),
    ];
  // A document waiting for review: submitted, the journey goes on (status stays PENDING).
  if (error === 'PENDING') return [{ type: 'submit' }];
  if (component && component !== 'init') return [progress(component)];
  return [];
}

export default veratadProtocol;
