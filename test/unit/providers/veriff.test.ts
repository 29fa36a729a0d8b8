import { describe, expect, it } from 'vitest';
import { VERIFF_RENDER_VERSION } from '../../../src/providers/veriff/talk';
import { adapters, context, expectRobust, junk, send, start } from './helpers';
import { frameUrlOf } from '../../support/frame-url';

const { veriff } = adapters;

const SESSION_URL = 'https://alchemy.veriff.com/v/eyJhbGciOiJIUzI1NiJ9.session.sig';

function flow() {
  return start(veriff, context({ sessionUrl: new URL(SESSION_URL), locale: 'es' }));
}

/** Every form a Veriff name may take on the wire. */
function forms(name: string): Array<[string, unknown]> {
  return [
    ['bare string', name],
    ['lower case', name.toLowerCase()],
    ['padded', `  ${name}\n`],
    ['JSON-quoted string', JSON.stringify(name)],
    ['{name}', { name }],
    ['{type}', { type: name.toLowerCase() }],
    ['{event} as JSON', JSON.stringify({ event: name })],
  ];
}

describe('veriff frameUrl', () => {
  it('adds lang to the session URL', () => {
    const built = frameUrlOf(veriff, context({ sessionUrl: new URL(SESSION_URL), locale: 'ar' }));
    expect(built.ok && built.url.href).toBe(`${SESSION_URL}?lang=ar`);
  });

  it('keeps a lang the host chose', () => {
    const built = frameUrlOf(veriff, context({ sessionUrl: new URL(`${SESSION_URL}?lang=et`), locale: 'en' }));
    expect(built.ok && built.url.searchParams.getAll('lang')).toEqual(['et']);
  });

  it('needs a session URL and ignores a token', () => {
    const built = frameUrlOf(veriff, context({ sessionToken: 'secret-token-1234' }));
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.message).toMatch(/session-url/);
    const withToken = frameUrlOf(
      veriff,
      context({ sessionUrl: new URL(SESSION_URL), sessionToken: 'secret-token-1234' }),
    );
    expect(withToken.ok && withToken.url.href).not.toContain('secret-token-1234');
  });

  it("frames with Veriff's allow list and its home origins", () => {
    expect(veriff.allow).toBe(
      'autoplay; camera; microphone; fullscreen; accelerometer; magnetometer; gyroscope; picture-in-picture',
    );
    expect(veriff.sandbox).toBeUndefined();
    expect(veriff.origins).toEqual(['https://alchemy.veriff.com', 'https://magic.veriff.me']);
  });
});

describe('veriff messages', () => {
  it.each(forms('VERIFF_HANDSHAKE'))('answers the handshake with VERIFF_RENDER, then is ready (%s)', (_, data) => {
    const { session, port } = flow();
    expect(send(session, data)).toEqual([{ type: 'ready' }]);
    expect(port.posted).toEqual([
      {
        name: 'VERIFF_RENDER',
        payload: {
          version: VERIFF_RENDER_VERSION,
          isReloadHandled: true,
          embedded: true,
          embeddedConfigured: true,
          isVeriffIframeMobile: false,
        },
      },
    ]);
  });

  it.each([
    ['VERIFF_STARTED', [{ type: 'start' }]],
    ['VERIFF_SUBMITTED', [{ type: 'submit' }]],
    ['VERIFF_FINISHED', [{ type: 'complete', outcome: 'pending' }]],
    ['VERIFF_CANCELED', [{ type: 'cancel' }]],
    ['VERIFF_CANCELLED', [{ type: 'cancel' }]],
    ['VERIFF_RELOAD_REQUEST', [{ type: 'reload' }]],
    ['VERIFF_FORCE_RELOAD', [{ type: 'reload' }]],
  ])('maps %s in every form', (name, expected) => {
    for (const [form, data] of forms(name)) {
      const { session, port } = flow();
      expect(send(session, data), form).toEqual(expected);
      expect(port.posted, form).toEqual([]);
    }
  });

  it('ignores other names, our own VERIFF_RENDER echoed back, and near misses', () => {
    const { session, port } = flow();
    for (const data of [
      'VERIFF_RENDER',
      'VERIFF_',
      'HANDSHAKE',
      'STARTED',
      'VERIFF STARTED',
      'xVERIFF_STARTED',
      { name: 42 },
      { payload: 'VERIFF_STARTED' },
      { name: 'VERIFF_STARTED ', type: 'x' },
    ]) {
      const signals = send(session, data);
      if (typeof data === 'object' && data.name === 'VERIFF_STARTED ') expect(signals).toEqual([{ type: 'start' }]);
      else expect(signals).toEqual([]);
    }
    expect(port.posted).toEqual([]);
  });
});

describe('veriff robustness', () => {
  it('survives 200 junk inputs and emits only well-formed signals', () => {
    const { session } = flow();
    const names = [
      'VERIFF_HANDSHAKE',
      'VERIFF_STARTED',
      'VERIFF_SUBMITTED',
      'VERIFF_FINISHED',
      'VERIFF_CANCELED',
      'VERIFF_RELOAD_REQUEST',
      'VERIFF_FORCE_RELOAD',
    ];
    const signals = expectRobust(
      session,
      junk(3, [{ name: 'VERIFF_STARTED' }, { type: 'VERIFF_FINISHED' }, { event: 'VERIFF_HANDSHAKE' }], names),
    );
    expect(signals.length).toBeGreaterThan(0);
  });
});
