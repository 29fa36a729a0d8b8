// Next.js 16's proxy (formerly middleware): the strict policy the repository's own demo host runs under, plus the
// per-request nonce that the App Router needs for its inline scripts (bootstrap and RSC payload). Next.js reads
// the nonce from the request's Content-Security-Policy header and puts it on every script it renders; pages must
// therefore render per request (they read searchParams). 'strict-dynamic' lets those scripts load the chunks.
import { NextResponse, type NextRequest } from 'next/server';
import { SANDBOX_ORIGIN, VISITOR_COOKIE } from './lib/session';

const DEV = process.env.NODE_ENV === 'development';

function policy(nonce: string) {
  return [
    "default-src 'self'",
    // `next dev` evaluates its modules (eval source maps, React's call stacks) and styles its error overlay inline;
    // a build does neither, and gets the full policy.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${DEV ? " 'unsafe-eval'" : ''}`,
    `style-src 'self'${DEV ? " 'unsafe-inline'" : ''}`,
    `frame-src ${SANDBOX_ORIGIN}`,
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    // Trusted Types: Next.js's webpack chunk loader uses its policy 'nextjs#bundler'; `next dev` also evals.
    ...(DEV ? [] : ["require-trusted-types-for 'script'", 'trusted-types nextjs#bundler']),
  ].join('; ');
}

export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  const header = policy(nonce);
  const headers = new Headers(request.headers);
  headers.set('Content-Security-Policy', header);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('Content-Security-Policy', header);
  // The example's stand-in for a signed-in user (lib/session.ts, visitorOf): the session endpoint's `authorize`.
  if (!request.cookies.get(VISITOR_COOKIE)) {
    const visitor = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('hex');
    response.cookies.set(VISITOR_COOKIE, visitor, { httpOnly: true, sameSite: 'strict', path: '/' });
  }
  // A page with the widget rendered on the server holds its frame URL: never in a shared cache, never stored
  // (Next.js sends that for a dynamic page under `next start`; `next dev` answers every page `no-store` whatever is
  // set here).
  if (request.nextUrl.searchParams.get('rendered') === '1') response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

export const config = {
  // Pages only: not the route handler, not the static chunks, not prefetches (which must not mint a nonce).
  matcher: [
    {
      source: '/((?!api|_next/static|_next/image|favicon.ico).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
