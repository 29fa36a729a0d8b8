import { asRecord, asText, field, idOf, num, obj, str, upper } from '../frame/decode';
import { optionObject } from '../frame/json';
import { leaker } from '../frame/secrets';
import type { Hear } from '../providers/types';
import type { FrameErrorCode, Outcome, Signal } from './types';

export { asRecord, asText, field, idOf, num, obj, optionObject, str, upper };

/**
 * The protocols' shared vocabulary: field readers (frame/decode.ts's, with these) and signal builders. Every reader takes `unknown`
 * and returns a validated value or undefined: a frame's data is never trusted, never copied through as is.
 */

/** A sane frame height in CSS pixels, or undefined. */
export function height(value: unknown): number | undefined {
  const n = num(value);
  return n !== undefined && n >= 50 && n <= 10000 ? Math.round(n) : undefined;
}

/** Runs an adapter's parser; a bug or a hostile shape becomes "no signal", never an exception in the bridge. */
export function safely(parse: () => Signal[]): Signal[] {
  try {
    return parse();
  } catch {
    return [];
  }
}

/**
 * Removes secrets from signals, even partial ones or ones whose punctuation a sanitizer changed (a
 * frame that echoes its token as a step name or an id must not get it published): a leaking
 * optional field is dropped, a leaking step drops its progress signal.
 */
export function scrub(signals: Signal[], ...secrets: unknown[]): Signal[] {
  if (!secrets.some((s) => typeof s === 'string' && s.length >= 8)) return signals;
  const leaky = leaker(secrets);
  const clean: Signal[] = [];
  for (const signal of signals) {
    const copy: Record<string, unknown> = { ...signal };
    if (leaky(copy.step)) continue;
    if (leaky(copy.sessionId)) delete copy.sessionId;
    if (leaky(copy.providerCode)) delete copy.providerCode;
    if (leaky(copy.message)) copy.message = 'The verification frame reported an error';
    clean.push(copy as Signal);
  }
  return clean;
}

/** The object's own keys folded to lower case (first one wins), for providers with no fixed letter case. */
export function foldKeys(record: Record<string, unknown>): Map<string, unknown> {
  const folded = new Map<string, unknown>();
  for (const key of Object.keys(record)) {
    const lower = key.toLowerCase();
    if (!folded.has(lower)) folded.set(lower, record[key]);
  }
  return folded;
}

const CODE = /^[A-Za-z0-9_.:-]{1,100}$/;

/** A provider's error code (string or integer) as a short string of safe characters. */
export function codeOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  const text = str(value, 100)?.trim();
  return text && CODE.test(text) ? text : undefined;
}

/** A step name for `kyc-progress`: short, printable, no markup, no ids. */
export function stepOf(value: unknown): string | undefined {
  const text = str(value, 500);
  if (!text) return undefined;
  const cleaned = text
    .replace(/[^A-Za-z0-9 _./:-]+/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/-{2,}/g, '-')
    .replace(/^[\s/:.-]+|[\s/:.-]+$/g, '')
    .slice(0, 100);
  return cleaned || undefined;
}

/** A step position or count: a non-negative integer below 1000. */
export function countOf(value: unknown): number | undefined {
  const n = num(value);
  return n !== undefined && Number.isInteger(n) && n >= 0 && n < 1000 ? n : undefined;
}

// Signal builders: optional fields are left out instead of being present as undefined.

export function progress(step: string, index?: number, total?: number): Signal {
  const signal: Signal & { type: 'progress' } = { type: 'progress', step };
  if (index !== undefined) signal.index = index;
  if (total !== undefined) signal.total = total;
  return signal;
}

export function withSession<T extends 'ready' | 'start' | 'submit'>(type: T, sessionId?: string): Signal {
  return (sessionId ? { type, sessionId } : { type }) as Signal;
}

export function complete(outcome: Outcome, sessionId?: string): Signal {
  return sessionId ? { type: 'complete', outcome, sessionId } : { type: 'complete', outcome };
}

/** A problem the provider's flow handles itself: the widget reports it and the flow goes on. */
export function warning(code: FrameErrorCode | 'offline', message: string, providerCode?: string): Signal {
  const signal: Signal = { type: 'warning', code, message };
  if (providerCode) signal.providerCode = providerCode;
  return signal;
}

export function providerError(message: string, providerCode?: string, recoverable = true): Signal {
  const signal: Signal = { type: 'error', code: 'provider-error', message, recoverable };
  if (providerCode) signal.providerCode = providerCode;
  return signal;
}

export function cameraUnavailable(message: string, providerCode?: string): Signal {
  const signal: Signal = { type: 'error', code: 'camera-unavailable', message, recoverable: true };
  if (providerCode) signal.providerCode = providerCode;
  return signal;
}

/** Recoverability is left to the widget: yes with a session endpoint, no without (README "Events", error codes). */
export function sessionExpired(message: string, providerCode?: string): Signal {
  const signal: Signal = { type: 'error', code: 'session-expired', message };
  if (providerCode) signal.providerCode = providerCode;
  return signal;
}

/**
 * `onLoad` from the provider's reader (providers/types.ts `hear`), for the frames whose load is their ready (iDenfy,
 * Veratad, ZignSec, CAF, Yoti's URL launch): the ready it hears in the iframe's `load`, as the stand-in hears it.
 */
export function saidOnLoad(hear: Hear): () => Signal[] {
  return () => {
    const heard = hear(null);
    return heard?.said ? [withSession(heard.said, heard.sessionId)] : [];
  };
}

export function resize(value: unknown): Signal[] {
  const h = height(value);
  return h ? [{ type: 'resize', height: h }] : [];
}
