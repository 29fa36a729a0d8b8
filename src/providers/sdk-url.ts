import { safeUrl } from '../frame/allow';
import { Problem } from '../frame/problem';
import { optionString } from './options';
import { givenToken } from './url';

/**
 * The loader URL of an SDK-hosted provider (providers/types.ts `SdkFacts`): the vendor's CDN by default, or
 * `options.sdkUrl` (a sandbox, a test server): absolute, and on an allowlisted origin like any frame (element/resolve.ts
 * checks the origin against the provider's origins and `allowed-origins`). And the session token it needs.
 */
export function sdkLoader(
  provider: string,
  options: Record<string, unknown>,
  token: string | undefined,
  fallback: string,
): { url: URL } | Problem {
  const given = optionString(options, 'sdkUrl', 'url');
  if (given instanceof Problem) return given;
  const url = safeUrl(given ?? fallback, 'options.sdkUrl');
  if (url instanceof Problem) return url;
  const checked = givenToken(token, provider);
  if (checked instanceof Problem) return checked;
  return checked ? { url } : new Problem('needs', provider);
}
