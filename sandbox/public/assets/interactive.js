// Interactive mode of /generic: a small verification flow a person can click through in the demo.
// welcome → document → selfie → review → outcome (sandbox only) → done, with a footer of
// sandbox actions (exit, simulated error, token expiry). Built with DOM APIs only (no innerHTML),
// so it runs under Trusted Types and a CSP without 'unsafe-inline'.
import { params, resolveSessionId } from './frame.js';
import { pickLocale, translator } from './i18n.js';
import { reportFinish } from './provider-kit.js';

const THEMES = ['light', 'dark', 'auto'];
const DOC_TYPES = [
  ['passport', 'passport'],
  ['id-card', 'idCard'],
  ['driving-licence', 'licence'],
];

/** h('button', {class: 'primary', onclick}, 'text', child…) — attributes, listeners and children. */
function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on')) el.addEventListener(key.slice(2), value);
    else if (key === 'class') el.className = value;
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  el.append(...children.flat().filter((child) => child !== undefined && child !== null && child !== false));
  return el;
}

export function runInteractive(channel) {
  const sessionId = resolveSessionId();
  const state = {
    step: 'welcome',
    locale: pickLocale(params.get('locale') ?? 'en'),
    theme: THEMES.includes(params.get('theme')) ? params.get('theme') : 'auto',
    docType: 'passport',
    doc: null, // {kind: 'file', name} | {kind: 'sample'}
    docError: false,
    selfie: null, // 'camera' | 'simulated'
    selfieError: false,
    camera: 'idle', // idle | opening | live | failed
    cameraReason: '',
    cameraNote: '', // i18n key of the last camera message
    stream: null,
    status: '', // i18n key shown in the footer's live region
    outcome: null,
  };
  let t = translator(state.locale);

  // Long-lived media elements, reused across renders so a re-render keeps the preview and capture.
  const video = h('video', { autoplay: true, playsinline: true, muted: true, class: 'media', hidden: true });
  video.muted = true;
  const canvas = h('canvas', { class: 'media', width: 320, height: 240, hidden: true, role: 'img' });

  const app = document.getElementById('app');

  function applyLocaleAndTheme() {
    t = translator(state.locale);
    document.documentElement.lang = state.locale;
    document.documentElement.dir = t('dir');
    document.documentElement.dataset.theme = state.theme;
    document.title = t('brand');
  }

  function stopCamera() {
    state.stream?.getTracks().forEach((track) => track.stop());
    state.stream = null;
    video.srcObject = null;
    if (state.camera === 'live' || state.camera === 'opening') state.camera = 'idle';
  }

  function go(step) {
    if (step !== 'selfie') stopCamera();
    state.step = step;
    render({ focus: '#step-heading' });
  }

  function stepHeader(index) {
    return h('p', { class: 'step-of' }, t('stepOf', { index, total: 3 }));
  }

  function heading(text) {
    return h('h1', { id: 'step-heading', tabindex: '-1' }, text);
  }

  const screens = {
    welcome: () => [
      heading(t('welcomeTitle')),
      h('p', {}, t('welcomeText')),
      h(
        'div',
        { class: 'actions' },
        h(
          'button',
          {
            id: 'start',
            class: 'primary',
            type: 'button',
            onclick: () => {
              channel.send('start');
              channel.send('progress', { step: 'document', index: 1, total: 3 });
              go('document');
            },
          },
          t('start'),
        ),
      ),
    ],

    document: () => [
      stepHeader(1),
      heading(t('docTitle')),
      h(
        'fieldset',
        {},
        h('legend', {}, t('docType')),
        DOC_TYPES.map(([value, key]) =>
          h(
            'div',
            { class: 'choice' },
            h('input', {
              type: 'radio',
              name: 'doc-type',
              id: `doc-${value}`,
              value,
              checked: state.docType === value,
              onchange: () => {
                state.docType = value;
              },
            }),
            h('label', { for: `doc-${value}` }, t(key)),
          ),
        ),
      ),
      h(
        'div',
        { class: 'field' },
        h('label', { for: 'doc-file' }, t('docFile')),
        h('input', {
          id: 'doc-file',
          type: 'file',
          accept: 'image/*',
          'aria-describedby': 'doc-status',
          onchange: (event) => {
            const file = event.target.files?.[0];
            state.doc = file ? { kind: 'file', name: file.name } : null;
            state.docError = false;
            render({ focus: '#doc-file' });
          },
        }),
      ),
      h('p', { class: 'or' }, t('or')),
      h(
        'div',
        { class: 'actions' },
        h(
          'button',
          {
            id: 'use-sample',
            type: 'button',
            onclick: () => {
              state.doc = { kind: 'sample' };
              state.docError = false;
              render({ focus: '#doc-continue' });
            },
          },
          t('useSample'),
        ),
      ),
      h(
        'p',
        { id: 'doc-status', role: 'status' },
        state.doc ? t('fileChosen', { name: state.doc.kind === 'file' ? state.doc.name : t('sample') }) : '',
      ),
      h('p', { id: 'doc-error', class: 'error', role: 'alert' }, state.docError ? t('docMissing') : ''),
      h(
        'div',
        { class: 'actions' },
        h(
          'button',
          {
            id: 'doc-continue',
            class: 'primary',
            type: 'button',
            onclick: () => {
              if (!state.doc) {
                state.docError = true;
                render({ focus: '#doc-file' });
                return;
              }
              channel.send('progress', { step: 'selfie', index: 2, total: 3 });
              go('selfie');
            },
          },
          t('continue'),
        ),
      ),
    ],

    selfie: () => {
      const live = state.camera === 'live';
      video.hidden = !live;
      video.setAttribute('aria-label', t('preview'));
      canvas.hidden = live || !state.selfie;
      canvas.setAttribute('aria-label', t('snapshot'));
      let note = state.cameraNote ? t(state.cameraNote, { reason: state.cameraReason }) : '';
      return [
        stepHeader(2),
        heading(t('selfieTitle')),
        h('p', {}, t('selfieText')),
        h('div', { class: 'camera' }, video, canvas),
        h('p', { id: 'camera-status', role: 'status' }, note),
        h(
          'div',
          { class: 'actions' },
          live
            ? h('button', { id: 'capture', class: 'primary', type: 'button', onclick: captureFromCamera }, t('capture'))
            : h(
                'button',
                { id: 'open-camera', type: 'button', disabled: state.camera === 'opening', onclick: openCamera },
                t(state.selfie ? 'retake' : 'openCamera'),
              ),
          // Also while the camera is opening: a permission prompt or a slow device must not leave the person stuck.
          (state.camera === 'failed' || state.camera === 'opening') &&
            h('button', { id: 'simulate-capture', type: 'button', onclick: simulateCapture }, t('simulate')),
          h(
            'button',
            {
              id: 'camera-broken',
              class: 'secondary',
              type: 'button',
              onclick: () => {
                channel.send('error', {
                  code: 'camera-unavailable',
                  message: 'The person reported that the camera is not working',
                  recoverable: true,
                });
                state.cameraNote = 'cameraReported';
                render({ focus: '#camera-broken' });
              },
            },
            t('cameraBroken'),
          ),
        ),
        h('p', { id: 'selfie-error', class: 'error', role: 'alert' }, state.selfieError ? t('selfieMissing') : ''),
        h(
          'div',
          { class: 'actions' },
          h(
            'button',
            {
              id: 'selfie-continue',
              class: 'primary',
              type: 'button',
              onclick: () => {
                if (!state.selfie) {
                  state.selfieError = true;
                  render({ focus: state.camera === 'failed' ? '#simulate-capture' : '#open-camera' });
                  return;
                }
                go('review');
              },
            },
            t('continue'),
          ),
        ),
      ];
    },

    review: () => [
      stepHeader(3),
      heading(t('reviewTitle')),
      h(
        'dl',
        { class: 'summary' },
        h('dt', {}, t('docType')),
        h('dd', {}, t(DOC_TYPES.find(([value]) => value === state.docType)[1])),
        h('dt', {}, t('docFile')),
        h('dd', {}, state.doc?.kind === 'file' ? state.doc.name : t('sample')),
        h('dt', {}, t('selfie')),
        h('dd', {}, t(state.selfie === 'camera' ? 'selfieCamera' : 'selfieSimulated')),
      ),
      h(
        'div',
        { class: 'actions' },
        h(
          'button',
          {
            id: 'submit',
            class: 'primary',
            type: 'button',
            onclick: () => {
              channel.send('progress', { step: 'review', index: 3, total: 3 });
              channel.send('submit', { sessionId });
              go('outcome');
            },
          },
          t('submit'),
        ),
      ),
    ],

    outcome: () => [
      heading(t('outcomeTitle')),
      h('p', {}, t('outcomeText')),
      h(
        'div',
        { class: 'actions' },
        [
          ['approved', 'approve'],
          ['declined', 'decline'],
          ['pending', 'pending'],
        ].map(([outcome, key]) =>
          h(
            'button',
            {
              id: `outcome-${outcome}`,
              class: outcome === 'approved' ? 'primary' : '',
              type: 'button',
              onclick: () => {
                // A session the sandbox's API made (POST /api/sessions): its Standard Webhooks delivery.
                reportFinish('generic', sessionId, outcome === 'pending' ? 'review' : outcome);
                channel.send('complete', { sessionId, outcome });
                state.outcome = outcome;
                go('done');
              },
            },
            t(key),
          ),
        ),
      ),
    ],

    done: () => [
      heading(t('doneTitle')),
      h('p', {}, t('doneText', { outcome: t(state.outcome === 'pending' ? 'pendingOutcome' : state.outcome) })),
    ],
  };

  async function openCamera() {
    stopCamera();
    state.selfieError = false;
    if (!navigator.mediaDevices?.getUserMedia) {
      state.camera = 'failed';
      state.cameraNote = 'cameraUnsupported';
      render({ focus: '#simulate-capture' });
      return;
    }
    state.camera = 'opening';
    state.cameraNote = 'cameraOpening';
    render({ focus: '#camera-status' });
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: true });
      if (state.step !== 'selfie' || state.camera !== 'opening') {
        // moved on, or simulated a capture meanwhile
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      state.stream = stream;
      video.srcObject = stream;
      state.camera = 'live';
      state.cameraNote = 'cameraOn';
      render({ focus: '#capture' });
    } catch (error) {
      if (state.camera !== 'opening') return;
      state.camera = 'failed';
      state.cameraNote = 'cameraDenied';
      state.cameraReason = error?.name || 'Error';
      render({ focus: '#simulate-capture' });
    }
  }

  function captureFromCamera() {
    const width = video.videoWidth || 320;
    const height = video.videoHeight || 240;
    canvas.width = width;
    canvas.height = height;
    canvas.getContext('2d').drawImage(video, 0, 0, width, height);
    stopCamera();
    state.selfie = 'camera';
    state.camera = 'idle';
    state.cameraNote = 'captured';
    state.selfieError = false;
    render({ focus: '#selfie-continue' });
  }

  function simulateCapture() {
    canvas.width = 320;
    canvas.height = 240;
    const g = canvas.getContext('2d');
    g.fillStyle = '#cfd8e3';
    g.fillRect(0, 0, 320, 240);
    g.fillStyle = '#6b7a8c';
    g.beginPath();
    g.arc(160, 100, 48, 0, Math.PI * 2);
    g.fill();
    g.beginPath();
    g.ellipse(160, 240, 95, 75, 0, Math.PI, 0);
    g.fill();
    state.selfie = 'simulated';
    state.camera = 'idle';
    state.cameraNote = 'simulated';
    state.selfieError = false;
    render({ focus: '#selfie-continue' });
  }

  function footer() {
    return h(
      'footer',
      { class: 'sandbox-actions', 'aria-label': t('actions') },
      h(
        'div',
        { class: 'actions' },
        h(
          'button',
          {
            id: 'exit',
            type: 'button',
            class: 'secondary',
            onclick: () => {
              stopCamera();
              channel.send('cancel');
              setStatus('exited');
            },
          },
          t('exit'),
        ),
        h(
          'button',
          {
            id: 'simulate-error',
            type: 'button',
            class: 'secondary',
            onclick: () => {
              channel.send('error', { code: 'sandbox_error', message: 'Simulated provider error' });
              setStatus('errorSent');
            },
          },
          t('simulateError'),
        ),
        h(
          'button',
          {
            id: 'expire-token',
            type: 'button',
            class: 'secondary',
            onclick: () => {
              channel.send('token-expired');
              setStatus('waitingToken');
            },
          },
          t('expireToken'),
        ),
      ),
      h('p', { id: 'sandbox-status', role: 'status' }, state.status ? t(state.status) : ''),
      h('p', { class: 'session' }, `${t('session')}: `, h('code', {}, sessionId)),
    );
  }

  function setStatus(key) {
    state.status = key;
    const status = document.getElementById('sandbox-status');
    if (status) status.textContent = t(key);
  }

  /** Rebuilds the page from state; `focus` names the element to focus afterwards (else focus is kept by id). */
  function render({ focus } = {}) {
    const keep = !focus && document.activeElement?.id ? `#${document.activeElement.id}` : null;
    app.replaceChildren(
      h('header', { class: 'brand' }, h('span', {}, t('brand')), h('span', { class: 'badge' }, t('badge'))),
      h('main', {}, screens[state.step]()),
      footer(),
    );
    const target = document.querySelector(focus ?? keep ?? ':not(*)');
    if (target) {
      if (target.id === 'camera-status') target.setAttribute('tabindex', '-1');
      target.focus();
    }
  }

  channel.onMessage((message) => {
    if (message.type === 'init') {
      state.locale = pickLocale(message.locale);
      state.theme = THEMES.includes(message.theme) ? message.theme : 'auto';
      applyLocaleAndTheme();
      render();
    } else if (message.type === 'token') {
      setStatus('tokenRefreshed'); // the token itself is a secret: never shown
      expireAt(expiryOf(message.token));
    }
  });

  // A session from the demo's session endpoint expires (`?expires=<epoch ms>`, and each refreshed
  // token names its own expiry: sbx_tok_<epoch ms>_…): the page then says so, as a real provider's would,
  // and the widget asks the endpoint for a fresh token.
  let expiryTimer;
  function expiryOf(token) {
    const match = /^sbx_tok_(\d{13})_/.exec(typeof token === 'string' ? token : '');
    return match ? Number(match[1]) : undefined;
  }
  function expireAt(when) {
    clearTimeout(expiryTimer);
    if (!Number.isFinite(when)) return;
    expiryTimer = setTimeout(
      () => {
        channel.send('token-expired');
        setStatus('waitingToken');
      },
      Math.max(0, when - Date.now()),
    );
  }
  if (params.has('expires')) expireAt(Number(params.get('expires')));

  // Height reports: the body is sized by its content (see sandbox.css), so its height can shrink,
  // unlike documentElement.scrollHeight which never drops below the iframe's own height.
  let lastHeight = 0;
  let timer;
  new ResizeObserver(() => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const height = Math.ceil(document.body.getBoundingClientRect().height);
      if (height !== lastHeight && height > 0) {
        lastHeight = height;
        channel.send('resize', { height });
      }
    }, 100);
  }).observe(document.body);

  addEventListener('pagehide', stopCamera);
  applyLocaleAndTheme();
  render();
  channel.send('ready');
}
