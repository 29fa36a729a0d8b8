import { isLoopback } from './values';

/**
 * Who is asking: the page (its Origin, against the host's list) and, for the limit under `anonymous: true`, the
 * client's address.
 */

export type AllowedOrigins = readonly string[] | ((origin: string, request: Request) => boolean);
export type OriginCheck = (request: Request) => boolean;

/**
 * The host's list, each entry checked and normalized once (`https://App.Example:443` is `https://app.example`), or
 * its function. There is no default: the request's own URL and its Host header are whatever the client or a
 * framework made of them, so neither can say which page may ask.
 */
export function originCheck(allowed: AllowedOrigins | undefined): OriginCheck {
  if (typeof allowed === 'function') {
    return (request) => {
      const origin = browserOrigin(request);
      if (!origin) return false;
      try {
        return allowed(origin, request) === true;
      } catch {
        return false;
      }
    };
  }
  if (!Array.isArray(allowed) || allowed.length === 0)
    throw new TypeError(
      "createSessionHandler: allowedOrigins is required: your pages' origins, e.g. ['https://app.example'], or a function",
    );
  const origins = new Set((allowed as readonly unknown[]).map(normalizedOrigin));
  return (request) => {
    const origin = browserOrigin(request);
    return origin !== null && origins.has(origin);
  };
}

/**
 * The Origin header. Browsers send it on every POST (same-origin included): its absence means not a page's fetch,
 * and "null" an opaque origin (sandboxed frame, file:). Neither may ask.
 */
function browserOrigin(request: Request): string | null {
  const origin = request.headers.get('Origin');
  return origin && origin !== 'null' ? origin : null;
}

function normalizedOrigin(entry: unknown): string {
  const refuse = (why: string) =>
    new TypeError(`createSessionHandler: allowedOrigins entry ${JSON.stringify(entry)} ${why}`);
  if (typeof entry !== 'string') throw refuse('is not a string');
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    throw refuse('is not an origin such as https://app.example');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse('must be https (or http on localhost)');
  if (url.protocol === 'http:' && !isLoopback(url.hostname))
    throw refuse('is plain http off localhost: the session token would cross the network unencrypted');
  if (url.username || url.password || url.search || url.hash || !/^\/?$/.test(url.pathname) || /[?#]$/.test(entry))
    throw refuse('must be an origin alone: scheme, host and port, no path');
  return url.origin;
}

/** The client's address under `anonymous: true`: the limit's key. */
export interface ClientAddressOptions {
  /** How many proxies in front of the app append to X-Forwarded-For (default 0: the header is ignored). */
  trustProxy?: number;
  /** The address for runtimes that do not give it on the Request (Deno's `info.remoteAddr`, a worker's header). */
  clientIp?: (request: Request) => string | null | undefined;
}

/**
 * The client address that keys the limit. `peer` is the socket's address where the runtime gives it (the node
 * adapter). X-Forwarded-For is read only when the host says how many proxies append to it: the client is the entry
 * the outermost of them appended (`trustProxy` from the right), and whatever a client wrote before it is ignored.
 * IPv6 addresses are keyed by their /64, which one subscriber usually holds whole.
 */
export function clientAddress(
  request: Request,
  options: ClientAddressOptions,
  peer: string | undefined,
): string | null {
  let address: string | null | undefined;
  if (options.clientIp) {
    try {
      address = options.clientIp(request);
    } catch {
      address = null;
    }
  } else if (options.trustProxy) {
    const hops = (request.headers.get('X-Forwarded-For') ?? '')
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean);
    address = hops.length >= options.trustProxy ? hops[hops.length - options.trustProxy] : peer;
  } else {
    address = peer;
  }
  return typeof address === 'string' ? addressKey(address) : null;
}

/** An IPv4 address as is, an IPv6 address as its /64 prefix; anything else null. */
export function addressKey(address: string): string | null {
  const plain = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(plain);
  const v4 = mapped ? mapped[1] : plain;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(v4)) return v4.split('.').every((part) => Number(part) <= 255) ? v4 : null;
  const groups = expandIpv6(plain);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : null;
}

function expandIpv6(address: string): string[] | null {
  if (!/^[0-9a-f:.]+$/i.test(address) || address.length > 45) return null;
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const part = (text: string) => (text ? text.split(':') : []);
  const head = part(halves[0]);
  const tail = halves.length === 2 ? part(halves[1]) : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4 handled above; 64:ff9b::1.2.3.4 and the like) counts as two groups.
  const last = tail.length ? tail : head;
  if (last.length && last[last.length - 1].includes('.')) last.splice(-1, 1, '0', '0');
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null;
  return groups.map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
}
