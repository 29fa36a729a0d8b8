// The sign-up page, rendered on the server for every request (the CSP nonce is per request). The widget's code
// is part of this page's bundle; /verify loads it after the first render.
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { renderKycWidget } from 'kyc-widget/server';
import { RenderedVerification } from '../components/rendered-verification';
import { Verification } from '../components/verification';
import { APP_ORIGIN, createSession, SANDBOX_ORIGIN } from '../lib/session';

type Query = Record<string, string | string[] | undefined>;

export default async function SignUp({ searchParams }: { searchParams: Promise<Query> }) {
  const query = await searchParams;
  // `?lazy=1` is how scripts/examples.mjs asks every example for its late-loading variant.
  if (query.lazy === '1') redirect(`/verify?${new URLSearchParams(query as Record<string, string>)}`);
  return (
    <main>
      <h1>Create your account</h1>
      <p>Last step: verify your identity. It takes about two minutes.</p>
      {query.rendered === '1' ? (
        <RenderedVerification rendered={await renderedWidget()} />
      ) : (
        <Verification endpoint={query.endpoint === '1'} />
      )}
    </main>
  );
}

/**
 * `?rendered=1`: the widget rendered on the server, its frame in the HTML. No Suspense boundary and no loading.js
 * above it: React streams a late boundary's content out of order and moves it into place with a script, and a moved
 * iframe reloads. The frame URL is in the HTML and in the RSC payload (the client component's props): the response
 * is private and not stored (Next.js sends `Cache-Control: private, no-cache, no-store` for a dynamic page).
 */
async function renderedWidget(): Promise<string> {
  const policy = (await headers()).get('content-security-policy') ?? '';
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  // The example's visitor has no other session to reuse; a real app reuses the signed-in user's open session.
  const request = new Request(APP_ORIGIN);
  const { sessionUrl } = await createSession({
    provider: 'generic',
    locale: 'en',
    refresh: false,
    request,
    userId: null,
  });
  return renderKycWidget({
    provider: 'generic',
    sessionUrl,
    allowedOrigins: [SANDBOX_ORIGIN],
    options: { note: 'object option' },
    locale: 'en',
    pageOrigin: APP_ORIGIN,
    nonce,
  });
}
