// Acme's frame (frame.ts): hello, then on the host's welcome ready, started and done with the outcome in its URL.
const outcome = new URLSearchParams(location.search).get('outcome') ?? 'approved';
addEventListener('message', (event) => {
  if (event.source !== parent || event.data?.acme !== 'welcome') return;
  document.getElementById('status').textContent = 'welcomed';
  for (const message of [{ acme: 'ready' }, { acme: 'started' }, { acme: 'done', outcome }])
    parent.postMessage(message, '*');
});
parent.postMessage({ acme: 'hello' }, '*');
