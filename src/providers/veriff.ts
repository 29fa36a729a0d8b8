import { FACTS, veriffUrl } from './facts';
import type { ProviderFrame } from './types';
import { languageOption } from './options';

/** Veriff InContext (docs/providers/veriff.md): the session URL from Veriff's API, with `lang` added. */
export const veriff: ProviderFrame<'veriff'> = {
  id: 'veriff',
  ...FACTS.veriff,

  frameUrl({ sessionUrl, locale, options }) {
    // options.language: a Veriff language the widget's own seven do not cover (createVeriffFrame's `lang`).
    const language = languageOption(options);
    if (!language.ok) return language;
    if (!sessionUrl)
      return { ok: false, message: "Veriff needs a session-url (the verification.url from Veriff's sessions API)" };
    return { ok: true, url: veriffUrl(sessionUrl, language.value ?? locale) };
  },
};
