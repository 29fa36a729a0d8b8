import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { KycWidgetElement } from '../../src/index';
import { attr, fixtureCleanup, frameOf, oneEvent, SANDBOX, settle, widget } from './helpers';

/**
 * `options` that cannot be copied or serialized never throws out of the element, neither from the setter nor
 * later as an uncaught error: it is a `kyc-error` `config-invalid` saying what was wrong, and no frame.
 * Uncaught errors are counted from window `error` and `unhandledrejection`; the control proves they would be.
 */

const uncaught: string[] = [];
const onError = (event: ErrorEvent) => uncaught.push(`error: ${String(event.message)}`);
const onRejection = (event: PromiseRejectionEvent) => uncaught.push(`rejection: ${String(event.reason)}`);
beforeAll(() => {
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
});
afterAll(() => {
  window.removeEventListener('error', onError);
  window.removeEventListener('unhandledrejection', onRejection);
});
afterEach(() => {
  fixtureCleanup();
  uncaught.length = 0;
});

const URL_ = `${SANDBOX}/generic?script=ready`;

function cyclic(): Record<string, unknown> {
  const b: Record<string, unknown> = {};
  const options = { a: { b } };
  b.back = options;
  return options;
}

class Settings {
  templateId = 'itmpl_1';
}

function revoked(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

function huge(): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (let i = 0; i < 100_000; i++) options[`k${i}`] = i;
  return options;
}

const throwing = new Proxy(
  {},
  {
    get: () => {
      throw new Error('trap');
    },
    ownKeys: () => {
      throw new Error('trap');
    },
    getPrototypeOf: () => {
      throw new Error('trap');
    },
  },
);

const CASES: Array<[string, () => unknown, RegExp]> = [
  ['a cycle', cyclic, /cycle at options\.a\.b\.back/],
  ['window', () => window, /options must be a plain JSON object/],
  ['a BigInt', () => ({ n: 10n }), /BigInt at options\.n/],
  [
    'a throwing getter',
    () => ({
      get secret(): string {
        throw new Error('nope');
      },
    }),
    /could not be read.*options\.secret.*nope/,
  ],
  ['a Proxy whose traps throw', () => throwing, /could not be read.*trap/],
  ['a revoked Proxy', revoked, /could not be read/],
  ['a Symbol key', () => ({ [Symbol('k')]: 1 }), /symbol key at options/],
  ['a Symbol value', () => ({ s: Symbol('v') }), /symbol at options\.s/],
  ['a function value', () => ({ onDone: () => undefined }), /function at options\.onDone/],
  ['a class instance', () => new Settings(), /options must be a plain JSON object.*Settings/],
  ['a class instance inside', () => ({ when: new Date(0) }), /Date at options\.when/],
  ['a huge object', huge, /too large/],
  ['a non-finite number', () => ({ n: Infinity }), /non-finite number \(Infinity\) at options\.n/],
];

async function configInvalid(el: KycWidgetElement, set: () => void): Promise<string> {
  const error = oneEvent(el, 'kyc-error') as Promise<CustomEvent<{ code: string; message: string }>>;
  expect(set).not.toThrow();
  const { detail } = await error;
  expect(detail.code).toBe('config-invalid');
  // The error screen comes after the event (the screens are a lazy chunk): what its rendering could throw is
  // only counted once it is on screen.
  await expect.poll(() => el.shadowRoot!.querySelector('[part~="error"][data-code="config-invalid"]')).not.toBeNull();
  await settle();
  expect(frameOf(el)).toBeNull();
  return detail.message;
}

/**
 * The uncaught errors so far, read once a marker error dispatched in a later task has been counted: the listener is
 * live, and whatever was thrown before it (in an earlier task) is in the list.
 */
async function uncaughtSoFar(): Promise<string[]> {
  setTimeout(() => window.dispatchEvent(new ErrorEvent('error', { message: 'marker' })));
  await expect.poll(() => uncaught.at(-1)).toBe('error: marker');
  return uncaught.slice(0, -1);
}

describe('options that cannot be copied or serialized', () => {
  it('the control: an uncaught error and an unhandled rejection are seen', async () => {
    setTimeout(() => {
      throw new Error('control');
    });
    void Promise.reject(new Error('control'));
    await expect.poll(() => uncaught.length).toBe(2);
  });

  it('the control: good options load the frame', async () => {
    const el = await widget('<kyc-widget></kyc-widget>');
    el.options = { nested: { list: [1, 'two', null, true] } };
    el.sessionUrl = URL_;
    await expect.poll(() => frameOf(el)).not.toBeNull();
  });

  it.each(CASES)('%s: config-invalid, saying what is wrong; nothing thrown', async (_name, value, message) => {
    const el = await widget('<kyc-widget></kyc-widget>');
    const text = await configInvalid(el, () => {
      el.options = value() as Record<string, unknown>;
      el.sessionUrl = URL_;
    });
    expect(text).toMatch(message);
    expect(await uncaughtSoFar()).toEqual([]);
  });

  it.each(['{', '{"a": ', '[1, 2]', '"text"', '{"a": 1}}'])(
    'the attribute options="%s": config-invalid, nothing thrown',
    async (text) => {
      const el = await widget(`<kyc-widget session-url="${attr(URL_)}"></kyc-widget>`);
      const message = await configInvalid(el, () => el.setAttribute('options', text));
      expect(message).toMatch(/options/);
      expect(await uncaughtSoFar()).toEqual([]);
    },
  );

  it('a later good value recovers', async () => {
    const el = await widget('<kyc-widget></kyc-widget>');
    await configInvalid(el, () => {
      el.options = cyclic();
      el.sessionUrl = URL_;
    });
    el.options = { ok: true };
    await expect.poll(() => frameOf(el)).not.toBeNull();
    expect(await uncaughtSoFar()).toEqual([]);
  });
});
