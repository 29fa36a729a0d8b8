// The verification route: the widget's code is loaded only here, after the first render.
import { LazyVerification } from '../../components/lazy-verification';

type Query = Record<string, string | string[] | undefined>;

export default async function Verify({ searchParams }: { searchParams: Promise<Query> }) {
  const query = await searchParams;
  return (
    <main>
      <h1>Create your account</h1>
      <LazyVerification endpoint={query.endpoint === '1'} />
    </main>
  );
}
