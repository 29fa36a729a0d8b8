// The sign-up page, rendered on the server for every request (the CSP nonce is per request). The widget's code
// is part of this page's bundle; /verify loads it after the first render.
import { redirect } from 'next/navigation';
import { Verification } from '../components/verification';

type Query = Record<string, string | string[] | undefined>;

export default async function SignUp({ searchParams }: { searchParams: Promise<Query> }) {
  const query = await searchParams;
  // `?lazy=1` is how scripts/examples.mjs asks every example for its late-loading variant.
  if (query.lazy === '1') redirect(`/verify?${new URLSearchParams(query as Record<string, string>)}`);
  return (
    <main>
      <h1>Create your account</h1>
      <p>Last step: verify your identity. It takes about two minutes.</p>
      <Verification endpoint={query.endpoint === '1'} />
    </main>
  );
}
