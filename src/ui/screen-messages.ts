import type { ErrorCode } from '../flow/errors';
import { screensFor, type Language } from './i18n';

/** The screens' text, in the UI chunk with the screens. */

export type ResultKind = 'approved' | 'declined' | 'pending' | 'review';

export interface ScreenMessages {
  retry: string;
  restart: string;
  cancelledTitle: string;
  cancelledText: string;
  resultTitle: Record<ResultKind, string>;
  resultText: Record<ResultKind, string>;
  errorTitle: string;
  errors: Record<ErrorCode, string>;
}

const en: ScreenMessages = {
  retry: 'Try again',
  restart: 'Start again',
  cancelledTitle: 'Verification cancelled',
  cancelledText: 'You left the verification before it finished.',
  resultTitle: { approved: 'Verification approved', declined: 'Verification declined', pending: 'Verification submitted', review: 'Verification under review' },
  resultText: {
    approved: 'Your identity has been verified.',
    declined: 'We could not verify your identity.',
    pending: 'Thank you. We are checking your details and will let you know the result.',
    review: 'A person is reviewing your verification. We will let you know the result.',
  },
  errorTitle: 'Something went wrong',
  errors: {
    'config-invalid': 'This verification is not set up correctly. Please contact the site.',
    'session-fetch-failed': 'We could not start the verification.',
    'session-expired': 'Your verification session expired.',
    'frame-load-timeout': 'The verification did not load.',
    'camera-unavailable': 'We could not use your camera. Allow camera access and try again.',
    'provider-error': 'The verification service reported a problem.',
    offline: 'You are offline. The verification will continue when you are back online.',
  },
};

/** The screens' text: the language's if it has arrived (the element fetches it on connect), else English. */
export function screenMessages(language: Language): ScreenMessages {
  return screensFor(language) ?? en;
}
