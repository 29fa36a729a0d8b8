// /spy: records every message this window receives and, every 100 ms, posts
// {spy: true, received: [<each message's data as a string>], origin: location.origin} to its parent
// with targetOrigin "*". Strings are kept as they are; anything else is JSON.stringify'd
// (String() when that fails). Used to prove the widget sends nothing to a foreign origin.
const received = [];
const status = document.getElementById('spy-status');

function stringify(data) {
  if (typeof data === 'string') return data;
  try {
    return JSON.stringify(data) ?? String(data);
  } catch {
    return String(data);
  }
}

addEventListener('message', (event) => {
  if (event.source === window) return; // never our own reports
  received.push(stringify(event.data));
  status.textContent = `Received ${received.length} message${received.length === 1 ? '' : 's'}.`;
});

setInterval(() => {
  if (window.parent !== window)
    window.parent.postMessage({ spy: true, received: received.slice(), origin: location.origin }, '*');
}, 100);
