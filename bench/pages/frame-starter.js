// The floor for any script that makes the provider's frame: a module of a few lines that creates the
// same iframe the widget does (its URL and attributes come from the script element's data-* attributes)
// and nothing else. It runs when a module runs (after the parser), as the widget does; the difference
// between it and the widget is what the widget's own code costs before and after the frame request.
const script = document.querySelector('script[data-frame-src]');
const iframe = document.createElement('iframe');
iframe.className = 'baseline';
iframe.title = script.dataset.frameTitle;
iframe.allow = script.dataset.frameAllow;
if (script.dataset.frameSandbox !== undefined) iframe.setAttribute('sandbox', script.dataset.frameSandbox);
iframe.referrerPolicy = script.dataset.frameReferrerPolicy;
iframe.src = script.dataset.frameSrc;
document.body.append(iframe);
