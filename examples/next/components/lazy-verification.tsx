'use client';
// The same step loaded after the first render: the widget's code is a separate chunk that the browser fetches
// once the page has hydrated, and the server renders only the placeholder.
import dynamic from 'next/dynamic';

export const LazyVerification = dynamic(() => import('./verification').then((module) => module.Verification), {
  ssr: false,
  loading: () => <p>Loading the verification step…</p>,
});
