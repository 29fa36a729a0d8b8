import { describe, expect, it } from 'vitest';
import { adapters, context, encodings, expectRobust, junk, send, start } from './helpers';
import { frameUrlOf } from '../../support/frame-url';

const { veratad } = adapters;
const LINK = 'https://vx-fe.dcams.app/d2568a05-47a2-4ec7-b3e3-c5bd194461a7';

function flow() {
  return start(veratad, context({ sessionUrl: new URL(LINK) }));
}

describe('veratad frameUrl', () => {
  it('frames the link from generateLink as given', () => {
    const built = frameUrlOf(veratad, context({ sessionUrl: new URL(`${LINK}?request_id=1`) }));
    expect(built.ok && built.url.href).toBe(`${LINK}?request_id=1`);
  });

  it('needs a session URL', () => {
    const built = frameUrlOf(veratad, context({ sessionToken: 'x' }));
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.message).toMatch(/generateLink/);
  });

  it("trusts every front-end host Veratad's docs show, with the camera", () => {
    expect(veratad.origins).toEqual([
      'https://vx-fe.dcams.app',
      'https://fe.dcams.app',
      'https://frontend.dcams.app',
      'https://vx-fe.idresponse.com',
    ]);
    expect(veratad.allow).toBe('camera; fullscreen');
  });

  it('is ready on the first iframe load only', () => {
    const { session } = flow();
    expect(session.onLoad?.()).toEqual([{ type: 'ready' }]);
    expect(session.onLoad?.()).toEqual([]);
  });
});

describe('veratad bare strings', () => {
  const cases: Array<[string, unknown[]]> = [
    ['PASS', [{ type: 'submit' }, { type: 'complete', outcome: 'approved' }]],
    ['ALREADY VERIFIED', [{ type: 'submit' }, { type: 'complete', outcome: 'approved' }]],
    ['FAIL', [{ type: 'submit' }, { type: 'complete', outcome: 'declined' }]],
    ['CLOSE', [{ type: 'cancel' }]],
    [
      'LINK EXPIRED',
      [{ type: 'error', code: 'session-expired', message: 'The Veratad link expired', providerCode: 'LINK_EXPIRED' }],
    ],
    [
      'BOT DETECTED',
      [
        {
          type: 'error',
          code: 'provider-error',
          message: 'Veratad suspected automated activity and ended the verification',
          recoverable: false,
          providerCode: 'BOT_DETECTED',
        },
      ],
    ],
    [
      'ERROR',
      [
        {
          type: 'error',
          code: 'provider-error',
          message: 'Veratad reported a system error',
          recoverable: true,
          providerCode: 'ERROR',
        },
      ],
    ],
    ['pass', [{ type: 'submit' }, { type: 'complete', outcome: 'approved' }]],
    ['PENDING', []],
    ['PASSED', []],
  ];
  it.each(cases)('%s → %j', (word, expected) => {
    for (const form of [word, JSON.stringify(word), ` ${word}\n`])
      expect(send(flow().session, form), form).toEqual(expected);
  });
});

describe('veratad status objects', () => {
  const cases: Array<[Record<string, unknown>, unknown[]]> = [
    [
      { status: 'PASS', component: 'DCAMS', error: '', event: '' },
      [{ type: 'submit' }, { type: 'complete', outcome: 'approved' }],
    ],
    [
      { status: 'FAIL', component: 'KBA', error: '', event: 'NEXT' },
      [{ type: 'submit' }, { type: 'complete', outcome: 'declined' }],
    ],
    [{ status: 'PENDING', component: 'DCAMS', error: '', event: 'NEXT' }, [{ type: 'progress', step: 'dcams' }]],
    [
      { status: 'PENDING', component: 'DCAMS', error: '', event: 'REATTEMPT' },
      [
        {
          type: 'warning',
          code: 'provider-error',
          message: 'Veratad asked for another attempt (dcams)',
          providerCode: 'REATTEMPT',
        },
      ],
    ],
    [{ status: 'PENDING', component: 'DCAMS', error: 'PENDING', event: '' }, [{ type: 'submit' }]],
    [{ status: '', component: 'INIT', error: '', event: 'CLOSE' }, [{ type: 'cancel' }]],
    [{ status: 'PENDING', component: 'KBA', error: '', event: 'CLOSE' }, [{ type: 'cancel' }]],
    [
      { status: '', component: 'INIT', error: 'BAD TOKEN', event: '' },
      [
        {
          type: 'error',
          code: 'session-expired',
          message: 'Veratad refused the link (bad token)',
          providerCode: 'BAD_TOKEN',
        },
      ],
    ],
    [
      { status: '', component: 'INIT', error: 'VELOCITY', event: '' },
      [
        {
          type: 'error',
          code: 'provider-error',
          message: 'Too many attempts within 24 hours: Veratad will not verify again yet',
          recoverable: false,
          providerCode: 'VELOCITY',
        },
      ],
    ],
    [
      { status: '', component: 'INIT', error: 'ALREADY VERIFIED', event: '' },
      [{ type: 'submit' }, { type: 'complete', outcome: 'approved' }],
    ],
    [
      { status: 'FAIL', component: 'DCAMS', error: 'ERROR', event: '' },
      [
        {
          type: 'error',
          code: 'provider-error',
          message: 'Veratad reported a system error',
          recoverable: true,
          providerCode: 'ERROR',
        },
      ],
    ],
    [{ status: '', component: 'INIT', error: '', event: '' }, []],
    [{ status: 'pass', component: 'dcams' }, [{ type: 'submit' }, { type: 'complete', outcome: 'approved' }]],
  ];
  it.each(cases)('%j', (data, expected) => {
    for (const [form, encoded] of encodings(data)) expect(send(flow().session, encoded), form).toEqual(expected);
  });
});

describe('veratad robustness', () => {
  it('survives 200 junk inputs and emits only well-formed signals', () => {
    const shapes = [
      { status: 'PASS', component: 'DCAMS' },
      { status: 'PENDING', component: 'KBA', event: 'REATTEMPT' },
      { error: 'BAD TOKEN' },
    ];
    const signals = expectRobust(
      flow().session,
      junk(13, shapes, ['PASS', 'FAIL', 'CLOSE', 'LINK EXPIRED', 'PENDING', 'DCAMS']),
    );
    expect(signals.length).toBeGreaterThan(0);
  });
});
