import { screensFor, type Language } from '../i18n/index';
import type { ScreenMessages } from '../i18n/types';

export type { ResultKind, ScreenMessages } from '../i18n/types';

/** The screens' text, in the UI chunk with the screens. */

const en: ScreenMessages = {
  retry: 'Try again',
  restart: 'Start again',
  done: 'Done',
  cancelledTitle: 'Verification cancelled',
  cancelledText: 'You left the verification before it finished.',
  resultTitle: {
    approved: 'Verification approved',
    declined: 'Verification declined',
    pending: 'Verification submitted',
    review: 'Verification under review',
  },
  resultText: {
    approved: 'Your identity has been verified.',
    declined: 'We could not verify your identity.',
    pending: 'Thank you. We are checking your details and will let you know the result.',
    review: 'A person is reviewing your verification. We will let you know the result.',
  },
  checking: { title: 'Checking your result', text: 'This usually takes a few seconds. Please keep this page open.' },
  later: {
    title: 'Your result will follow',
    text: 'Your verification was submitted. The result is not ready yet; we will let you know when it is.',
  },
  errors: {
    'config-invalid': {
      title: 'Verification unavailable',
      text: 'This verification is not set up correctly on this site.',
    },
    'session-fetch-failed': {
      title: 'Could not start the verification',
      text: 'Check your connection, then try again.',
    },
    'session-expired': { title: 'Session expired', text: 'Your verification session has expired.' },
    'frame-load-timeout': { title: 'The verification did not load', text: 'Check your connection, then try again.' },
    'camera-unavailable': {
      title: 'Camera not available',
      text: "Allow camera access for this site (the camera icon in the address bar, or your phone's settings), then try again. You can also continue on another device.",
    },
    'provider-error': { title: 'The verification service reported a problem', text: 'Please try again.' },
    offline: {
      title: 'You are offline',
      text: 'Your progress is kept. The verification continues when you are back online.',
    },
  },
  reload: 'Reload the page',
  stuckConfig: 'You cannot fix this from here. Please contact the site and quote this reference.',
  stuck: 'Reload the page to start again. If this keeps happening, contact the site and quote this reference.',
  reference: 'Reference',
};

/** The screens' text: the language's if it has arrived (the element fetches it on connect), else English. */
export function screenMessages(language: Language): ScreenMessages {
  return screensFor(language) ?? en;
}
