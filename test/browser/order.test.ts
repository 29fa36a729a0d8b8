import { afterAll, describe, expect, it } from 'vitest';
import { defineKycWidget, type KycWidgetElement } from '../../src/index';
import { attr, demoInputs, frameOf, settle, type DemoProvider } from './helpers';

/**
 * README "Attributes and properties": "The result never depends on the order in which attributes appear in the markup or
 * properties are set." Every provider's valid input set, in many orders, through every way a host
 * gives inputs: the HTML parser, setAttribute, properties before the tag is defined, properties after.
 * The result of each run (frame URL, state, error) must be the same as the reference order's.
 */

const PROVIDERS: DemoProvider[] = [
  'generic',
  'persona',
  'sumsub',
  'veriff',
  'jumio',
  'idenfy',
  'didit',
  'yoti',
  'veratad',
  'caf',
  'zignsec',
];
const counts = { runs: 0, differing: 0, exceptions: 0 };

afterAll(() => {
  console.log(
    `order: ${counts.runs} runs (${PROVIDERS.length} providers × attribute and property orders, 4 ways), ${counts.differing} differing, ${counts.exceptions} exceptions`,
  );
});

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

/** The provider's sandbox inputs as attribute pairs, plus inputs any host may add. */
function attributesFor(provider: DemoProvider): Array<[string, string]> {
  const inputs = demoInputs(provider, { session: `order_${provider}` });
  const pairs: Array<[string, string]> = [
    ['provider', inputs.provider],
    ['session-url', inputs.sessionUrl],
    ['allowed-origins', inputs.allowedOrigins],
    ['locale', 'de'],
  ];
  if (inputs.sessionToken) pairs.push(['session-token', inputs.sessionToken]);
  if (inputs.options) pairs.push(['options', JSON.stringify(inputs.options)]);
  return pairs;
}

const PROPERTY: Record<string, string> = {
  provider: 'provider',
  'session-url': 'sessionUrl',
  'allowed-origins': 'allowedOrigins',
  locale: 'locale',
  'session-token': 'sessionToken',
  options: 'options',
};

interface Outcome {
  state: string;
  src: string | null;
  error: string | null;
  tokenInDom: boolean;
}

function outcomeOf(el: KycWidgetElement, token: string | undefined): Outcome {
  return {
    // A frame may already have said ready, or moved on by itself (CAF's sandbox frame reports its first step),
    // by the time a later element of the batch is read: all of these are one running flow.
    state: ['loading', 'ready', 'in-progress'].includes(el.state) ? 'running' : el.state,
    // Persona's container-id is random per element by design: the only part of a frame URL that may differ.
    src: frameOf(el)?.src.replace(/container-id=kyc-widget-[0-9a-f]+/, 'container-id=*') ?? null,
    error: el.lastError?.code ?? null,
    tokenInDom: token ? el.outerHTML.includes(token) : false,
  };
}

/** Runs `mount` for each order in batches, compares each result with the first order's. */
async function compareOrders(
  orders: Array<Array<[string, string]>>,
  token: string | undefined,
  mount: (order: Array<[string, string]>, host: HTMLElement) => KycWidgetElement | Promise<KycWidgetElement>,
): Promise<Outcome> {
  const host = document.createElement('div');
  document.body.append(host);
  let reference: Outcome | undefined;
  try {
    for (let start = 0; start < orders.length; start += 12) {
      const batch: KycWidgetElement[] = [];
      for (const order of orders.slice(start, start + 12)) {
        try {
          batch.push(await mount(order, host));
        } catch {
          counts.exceptions++;
        }
      }
      await settle();
      for (const el of batch) {
        const result = outcomeOf(el, token);
        reference ??= result;
        counts.runs++;
        if (JSON.stringify(result) !== JSON.stringify(reference)) counts.differing++;
        expect(result).toEqual(reference);
      }
      host.replaceChildren();
    }
  } finally {
    host.remove();
  }
  return reference!;
}

/** All orders up to 5 inputs (120), else the first 120 in a fixed shuffle of all 720. */
function ordersOf(pairs: Array<[string, string]>): Array<Array<[string, string]>> {
  const all = permutations(pairs);
  if (all.length <= 120) return all;
  return all.filter((_, i) => (i * 37) % all.length < 120);
}

let lateTags = 0;

describe('inputs given together are resolved together, in any order', () => {
  for (const provider of PROVIDERS) {
    const pairs = attributesFor(provider);
    const token = pairs.find(([name]) => name === 'session-token')?.[1];
    const orders = ordersOf(pairs);

    it(`${provider}: markup parsed by the HTML parser, ${orders.length} attribute orders`, async () => {
      const result = await compareOrders(orders, token, (order, host) => {
        const template = document.createElement('template');
        template.innerHTML = `<kyc-widget ${order.map(([name, value]) => `${name}="${attr(value)}"`).join(' ')}></kyc-widget>`;
        const el = template.content.firstElementChild as KycWidgetElement;
        host.append(document.importNode(template.content, true));
        return (host.lastElementChild as KycWidgetElement) ?? el;
      });
      expect(result.state).toBe('running');
      expect(result.error).toBeNull();
      expect(result.src).toMatch(/^http:\/\/(localhost|127\.0\.0\.1):\d+\//);
      expect(result.tokenInDom).toBe(false);
    });

    it(`${provider}: setAttribute in ${orders.length} orders, connected first or last`, async () => {
      await compareOrders(
        orders.flatMap((order) => [order, order]),
        token,
        (() => {
          let n = 0;
          return (order, host) => {
            const el = document.createElement('kyc-widget');
            const connectFirst = n++ % 2 === 0;
            if (connectFirst) host.append(el);
            for (const [name, value] of order) el.setAttribute(name, value);
            if (!connectFirst) host.append(el);
            return el;
          };
        })(),
      );
    });

    it(`${provider}: properties set before the tag is defined, and after, in ${Math.min(orders.length, 24)} orders each`, async () => {
      const some = orders.slice(0, 24);
      const before = await compareOrders(some, token, async (order, host) => {
        const tag = `kyc-order-late-${lateTags++}`;
        const el = document.createElement(tag) as KycWidgetElement;
        for (const [name, value] of order)
          (el as unknown as Record<string, unknown>)[PROPERTY[name]] = name === 'options' ? JSON.parse(value) : value;
        host.append(el);
        defineKycWidget(tag);
        return el;
      });
      const after = await compareOrders(some, token, (order, host) => {
        const el = document.createElement('kyc-widget');
        host.append(el);
        for (const [name, value] of order)
          (el as unknown as Record<string, unknown>)[PROPERTY[name]] = name === 'options' ? JSON.parse(value) : value;
        return el;
      });
      expect(before).toEqual(after);
    });
  }
});
