/**
 * The widget's language, as the boot chunk needs it before any text exists (the frame URL's locale, the
 * session request's `locale`); the runtime's i18n re-exports it.
 */

/** `pt` is European Portuguese, `pt-BR` Brazilian (a bare `pt` tag means Brazilian, as in CLDR). */
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'pt', 'pt-BR', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The frame's title until the runtime and the person's language are here. */
export const FRAME_TITLE = 'Identity verification';

/** BCP 47 tag → the nearest language the widget has, by primary subtag; undefined when it has none. */
export function resolveLanguage(tag: string | undefined | null): Language | undefined {
  if (!tag) return undefined;
  const [primary, region] = tag.trim().toLowerCase().split(/[-_]/);
  if (primary === 'pt') return region === undefined || region === 'br' ? 'pt-BR' : 'pt';
  return (LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : undefined;
}

/** The `locale` input, else the nearest `lang` above the element, else the browser's, else English. */
export function languageOf(host: Element, locale: string | undefined): Language {
  return (
    resolveLanguage(locale) ??
    resolveLanguage(host.closest('[lang]')?.getAttribute('lang')) ??
    resolveLanguage(host.ownerDocument.defaultView?.navigator.language) ??
    'en'
  );
}
