import type { ProviderFrame } from '../types';
import { languageOption } from '../options';
import { requireUrl, setMissing } from '../url';

/** Veriff InContext (docs/providers/veriff.md): the session URL from Veriff's API, with `lang` added. */
export const veriff: ProviderFrame<'veriff'> = {
  id: 'veriff',
  origins: ['https://alchemy.veriff.com', 'https://magic.veriff.me'],
  allow: 'autoplay; camera; microphone; fullscreen; accelerometer; magnetometer; gyroscope; picture-in-picture',

  frameUrl({ sessionUrl, locale, options }) {
    // options.language: a Veriff language the widget's own seven do not cover (createVeriffFrame's `lang`).
    const language = languageOption(options);
    if (!language.ok) return language;
    const built = requireUrl(
      sessionUrl,
      "Veriff needs a session-url (the verification.url from Veriff's sessions API)",
    );
    if (built.ok) setMissing(built.url, 'lang', language.value ?? locale);
    return built;
  },
};
