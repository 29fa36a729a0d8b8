import { Problem } from '../../frame/problem';
import { languageOption } from '../options';
import type { ProviderFrame } from '../types';
import { copy, needs, setMissing } from '../url';

/** Veriff InContext (docs/providers/veriff.md): the session URL from Veriff's API, with `lang` added. */
export const veriff: ProviderFrame<'veriff'> = {
  id: 'veriff',
  origins: ['https://alchemy.veriff.com', 'https://magic.veriff.me'],
  allow: 'autoplay; camera; microphone; fullscreen; accelerometer; magnetometer; gyroscope; picture-in-picture',

  frameUrl({ sessionUrl, locale, options }) {
    // options.language: a Veriff language the widget's own seven do not cover (createVeriffFrame's `lang`).
    const language = languageOption(options);
    if (language instanceof Problem) return language;
    if (!sessionUrl) return needs('veriff');
    const url = copy(sessionUrl);
    setMissing(url, 'lang', language ?? locale);
    return { url };
  },
};
