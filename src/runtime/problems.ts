import type { Problem } from '../frame/problem';
import { MAX_OPTION_DEPTH, MAX_OPTION_VALUES } from '../element/inputs';
import { carries, registeredIds } from '../providers/registry';

/**
 * The words for what is wrong with the host's inputs: the element's rules find a Problem (a code, where, what it got);
 * this says it, as the `config-invalid` message. One sentence per rule, in English, for developers' logs.
 */

/** What a provider needs when the host gave too little (`needs`). */
const NEEDS: Record<string, string> = {
  generic: 'session-url is required for the generic provider',
  persona: 'Persona needs a session-url, or options.templateId / options.templateVersionId / options.inquiryId',
  sumsub: 'Sumsub needs a session-token (a WebSDK access token from your backend)',
  veriff: "Veriff needs a session-url (the verification.url from Veriff's sessions API)",
  jumio: "Jumio needs a session-url (web.href from Jumio's account or transaction API)",
  'jumio-sdk': "Jumio's web component (options.sdk) needs a session-token (sdk.token from Jumio's account API)",
  idenfy: "iDenfy needs a session-token (the authToken from iDenfy's token API) or a session-url",
  didit: "Didit needs a session-url (the session url from Didit's API) or a session-token",
  yoti: "Yoti needs the session's id (options.sessionId) and its client session token (session-token), or a session-url that has both",
  veratad: "Veratad needs a session-url (the link from VX's generateLink API)",
  caf: "CAF needs a session-url (the onboarding link) or a session-token (the link's token)",
  zignsec: "ZignSec needs a session-url (the redirect_url of ZignSec's scanning session)",
  onfido: "Onfido needs a session-token (the sdk_token of Onfido's workflow run, or an SDK token)",
  stripe:
    "Stripe needs a session-token (the VerificationSession's client_secret) and options.publishableKey (pk_test_… or pk_live_…)",
  plaid: "Plaid needs a session-token (the link_token from Plaid's /link/token/create)",
};

/** The kind of token each provider takes (`token`: the host gave a malformed one). */
const TOKEN: Record<string, string> = {
  persona: 'Persona session token',
  onfido: 'Onfido SDK token',
  stripe: 'Stripe client_secret',
  plaid: 'Plaid link_token',
  sumsub: 'Sumsub access token',
  idenfy: 'iDenfy authToken',
  yoti: 'Yoti session token',
  didit: 'Didit session token',
  caf: 'CAF onboarding token',
};

/** What an option must be (`must`, keyed by `got`). */
const MUST: Record<string, string> = {
  boolean: 'true or false',
  url: 'an absolute https URL (http on loopback only)',
  'onfido-run': 'an Onfido workflow run id',
  'stripe-pk': 'a Stripe publishable key (pk_test_… or pk_live_…)',
  language: 'a BCP 47 language tag such as "ja" or "pt-BR"',
  'language-2': 'a two-letter language code such as "lt"',
  'country-2': 'a two-letter country code',
  origin: 'an origin such as https://portal.example',
  origins: 'an array of origins such as https://portal.example',
  finite: 'a finite number',
  value: 'a string, number, boolean, array or object',
  padding: 'an object of top, bottom, left, right in pixels (0–1000)',
  'text-255': 'a string of at most 255 characters',
  'persona-host': 'an origin such as https://inquiry.withpersona.com',
  'persona-template': 'a Persona inquiry template id starting with itmpl_ (or a legacy tmpl_ id)',
  'persona-id': 'a Persona id (letters, digits, _ and -)',
  'persona-environment': 'a Persona environment id (env_…)',
  'persona-theme-set': 'a Persona theme set id (letters, digits, _ and -)',
  'persona-variant': 'a theme set variant such as "base" or "dark"',
  'persona-account': 'a Persona account id (act_…)',
  'persona-account-type': 'a Persona account type id',
  'persona-share-token': 'a consent token (cnst_…)',
  'persona-fields': 'an object of field names to values (prefill)',
  'persona-mappings': 'an array of {sourceFieldName, destinationFieldName} field names',
  'sumsub-base': 'a URL such as https://in.sumsub.com',
  'sumsub-config': 'an object (the WebSDK launch config)',
  'sumsub.lang': 'a BCP 47 language tag such as "ja" or "pt-BR"',
  'sumsub.country': 'a country code such as "DEU"',
  'sumsub.theme': 'a theme name such as "light" or "dark"',
  'sumsub.customizationName': 'the name of a customization set in the Sumsub dashboard',
  'sumsub.translationName': 'the name of a translation set in the Sumsub dashboard',
  'sumsub.singleStep': 'a step name',
  'sumsub.email': 'an email address (deprecated by Sumsub: put it in the access token)',
  'sumsub.phone': 'a phone number (deprecated by Sumsub: put it in the access token)',
  'sumsub.i18n': 'an object of translation keys',
  'sumsub.uiConf':
    'an object of customCss, customCssStr (strings), customBodyClass (string or strings), scrollIntoView (boolean)',
  'sumsub.documentsByCountries': 'an object of countries to document types',
  'sumsub.documentDefinitions': 'an object of document definitions',
  'sumsub.autoSelectDocumentDefinitions': 'true or false',
  'sumsub.controlledNavigationBack': 'true or false',
  'sumsub.preferredCameras': 'an object of IDENTITY and SELFIE camera labels',
  'yoti-launch': '"url" or "post"',
};

/** The `config-invalid` sentence for a problem. */
export function say({ code, at, got }: Problem): string {
  const quoted = `"${String(got)}"`;
  switch (code) {
    case 'missing':
      return `${at} is missing`;
    case 'syntax':
      return `${at} is not a valid URL`;
    case 'absolute':
      return `${at} must be an absolute URL (https://…)`;
    case 'scheme':
      return `${at} must be an https URL (got ${String(got)})`;
    case 'http':
      return `${at} must use https; plain http is allowed only on localhost, 127.0.0.1 and [::1]`;
    case 'credentials':
      return `${at} must not carry credentials`;
    case 'entry-label':
      return `${at}: ${quoted}: a wildcard may only stand for the first label (https://*.example.com)`;
    case 'entry-http':
      return `${at}: ${quoted} must use https (http only on localhost)`;
    case 'entry-domain':
      return `${at}: ${quoted}: a wildcard needs a registrable domain after it`;
    case 'entry-origin':
      return `${at}: ${quoted} is not an origin`;
    case 'entry-syntax':
      return `${at}: ${quoted} is not an origin (scheme://host[:port])`;
    case 'provider':
      if (got === 'auto')
        return !__KYC_ONE_PROVIDER__ && carries.all
          ? 'provider "auto" needs a session-endpoint, whose answer names the provider it chose'
          : `provider "auto" needs the all-in bundle, kyc-widget.js (the package's kyc-widget), which carries every provider; this one carries ${registeredIds().join(' and ')}`;
      // A one-provider entry (kyc-widget-<id>.js) names where the others are: each its own entry, or the all-in.
      return !__KYC_ONE_PROVIDER__ && carries.all
        ? `provider ${quoted} is not one of ${registeredIds().join(', ')}`
        : `provider ${quoted} is not in this bundle, which carries ${registeredIds().join(' and ')}: each provider has its own entry, kyc-widget-<provider>.js (the package's kyc-widget/<provider>), and kyc-widget.js carries them all`;
    case 'not-allowed':
      return `${String(got)} is not an allowed origin for ${at}; add it to allowed-origins if it is a custom or regional host`;
    case 'builder':
      return `the ${at} adapter could not build a frame URL from these inputs`;
    case 'needs':
      return NEEDS[at] ?? `${at} needs a session`;
    case 'token':
      return `session-token is not a valid ${TOKEN[at] ?? 'token'}`;
    case 'must':
      return `${at} must be ${MUST[String(got)] ?? String(got)}`;
    case 'one-of':
      return `${at} must be one of ${(got as string[]).map((v) => `"${v}"`).join(', ')}`;
    case 'together':
      return `${at} and ${String(got)} cannot be used together`;
    case 'without':
      return `${at} has no effect without ${String(got)}`;
    case 'long':
      return `${at} is longer than ${String(got)} characters`;
    case 'large':
      return `${at} is larger than ${String(got).replace(/\B(?=(\d{3})+$)/g, ' ')} characters`;
    case 'deep':
      return `${at} is nested more than ${String(got)} levels deep`;
    case 'many':
      return `${at} has more than ${String(got)} values`;
    case 'key':
      return `${at} has a key ${quoted} that is not letters, digits, _ and -`;
    case 'persona-inquiry':
      return `${at} resumes an existing inquiry: do not combine it with templateId or templateVersionId`;
    case 'page-origin':
      return `renderKycWidget: pageOrigin must be the page's origin, such as https://app.example (got ${quoted})`;
    case 'message-token':
      return `renderKycWidget: ${at}'s token is handed over in the browser (to its frame in a message, or to its SDK), never written into the page: render with a session-endpoint, or set sessionToken from script`;
    case 'yoti-session':
      return `${at} is not a Yoti session id`;
    default:
      return code.startsWith('json-') ? optionsReason(code.slice(5), at, got) : code;
  }
}

/** The sentence for options that are not a JSON object (element/inputs.ts finds where). */
function optionsReason(problem: string, at: string, got: unknown): string {
  const holds = (what: string) => `options must be JSON-serializable: it holds ${what} at ${at}`;
  switch (problem) {
    case 'object-text':
      return 'options arrived as the text "[object Object]": the host set an object as an attribute, which happens when a framework renders <kyc-widget> before the tag is defined. Define it first (import \'kyc-widget/define\'), or bind options as a property (Vue: :options.prop)';
    case 'syntax':
      return `options is not valid JSON (${(got as Error).message})`;
    case 'not-object':
      return 'options must be a JSON object';
    case 'unreadable':
      return `options could not be read (${at}: ${describeError(got)})`;
    case 'not-plain':
      return `options must be a plain JSON object, not ${kindOf(got as object)}`;
    case 'values':
      return `options is too large (more than ${MAX_OPTION_VALUES} values)`;
    case 'array':
      return `options is too large (an array of ${String(got)} at ${at})`;
    case 'fields':
      return `options is too large (${String(got)} fields at ${at})`;
    case 'depth':
      return `options is nested deeper than ${MAX_OPTION_DEPTH} levels at ${at}`;
    case 'number':
      return holds(`a non-finite number (${String(got)})`);
    case 'bigint':
      return holds('a BigInt');
    case 'cycle':
      return holds('a cycle');
    case 'symbol-key':
      return holds('a symbol key');
    case 'kind':
      return holds(kindOf(got as object));
    default:
      return holds(`a ${problem}`); // symbol, function
  }
}

/** "a Date", "an instance of Settings", "a Window". */
function kindOf(value: object): string {
  const name = Object.prototype.toString.call(value).slice(8, -1);
  const ctor = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)?.constructor?.name;
  if (typeof ctor === 'string' && ctor && ctor !== 'Object' && ctor !== name) return `an instance of ${ctor}`;
  return /^[AEIOU]/.test(name) ? `an ${name}` : `a ${name}`;
}

function describeError(error: unknown): string {
  try {
    return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  } catch {
    return 'an exception';
  }
}
