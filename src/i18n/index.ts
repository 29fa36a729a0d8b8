import { FRAME_TITLE, type Language } from '../element/language';
import type { Locale, Messages, ScreenMessages } from './types';

/**
 * The text the element needs before the screens exist: the frame's title, the loading screen and the live-region
 * announcements. English is built in; the screens' English comes with the screens (ui/screen-messages.ts); every
 * other language is fetched when a widget first needs it, both parts together.
 */

export { LANGUAGES, resolveLanguage, type Language } from '../element/language';
export type { Locale, Messages, ResultKind, ScreenMessages } from './types';
const RTL: ReadonlySet<Language> = new Set(['ar']);

const en: Messages = {
  frameTitle: FRAME_TITLE,
  loading: 'Loading verification…',
  close: 'Close',
  offline: 'You are offline. Your progress is kept, and the verification continues when you are back online.',
  slow: 'This is taking longer than usual…',
  window: 'Continue in the window that opened.',
  leave: {
    title: 'Leave the verification?',
    text: 'What you have done so far will not be kept.',
    stay: 'Continue verification',
    leave: 'Leave',
  },
  announce: {
    ready: 'Verification ready',
    inProgress: 'Verification in progress',
    submitted: 'Submitted, please wait',
    step: 'Step {index} of {total}',
  },
};

/** Every other language is fetched on its own, when a widget first needs it. */
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<Locale>> = {
  es: () => import('./locales/es'),
  fr: () => import('./locales/fr'),
  de: () => import('./locales/de'),
  pt: () => import('./locales/pt'),
  'pt-BR': () => import('./locales/pt-BR'),
  ar: () => import('./locales/ar'),
};
const locales = new Map<Language, Locale>();
const pending = new Map<Language, Promise<void>>();

/** The language's text once it has arrived; English until then. */
export function messagesFor(language: Language): Messages {
  return locales.get(language)?.messages ?? en;
}

/** The screens' text for a language that has arrived (the screens have English built in). */
export function screensFor(language: Language): ScreenMessages | undefined {
  return locales.get(language)?.screens;
}

export function hasLanguage(language: Language): boolean {
  return language === 'en' || locales.has(language);
}

/** Fetches a language once. A failed fetch leaves English in place, and a later call tries again. */
export function loadLanguage(language: Language): Promise<void> {
  if (hasLanguage(language)) return Promise.resolve();
  let promise = pending.get(language);
  if (!promise) {
    promise = LOADERS[language as Exclude<Language, 'en'>]()
      .then((locale) => void locales.set(language, locale))
      .finally(() => pending.delete(language));
    pending.set(language, promise);
  }
  return promise;
}

export function isRtl(language: Language): boolean {
  return RTL.has(language);
}

export function format(template: string, values: Record<string, string | number | undefined>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
}
