import { afterAll, describe, expect, it } from 'vitest';
import { defineKycWidget, type KycWidgetElement } from '../../src/index';
import {
  attr,
  DEMO_PROVIDERS,
  demoInputs as catalogInputs,
  frameOf,
  settle,
  SILENT,
  type DemoProvider,
} from './helpers';

/**
 * README "Attributes and properties": "The result never depends on the order in which attributes appear in the markup or
 * properties are set." Every provider's valid input set, in many orders, through every way a host
 * gives inputs: the HTML parser, setAttribute, properties before the tag is defined, properties after.
 * The result of each run (frame URL, state, error, token kept out of the markup) must be the provider's
 * documented one, and no way of giving the inputs may throw. `npx vitest run --project browser
 * test/browser/order.test.ts` prints the number of runs. The frames come from a host that never answers (the
 * sandbox's paths on SILENT): what is checked is the frame each order builds, and some 4,000 frames that never load
 * cost the page nothing, where the sandbox's pages each ran their provider's script.
 */

const SANDBOX = SILENT;
const demoInputs = (provider: DemoProvider, options: { session?: string } = {}) =>
  catalogInputs(provider, options, SANDBOX);

const PROVIDERS = DEMO_PROVIDERS;
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

/**
 * The frame URL each provider's widget must load for these inputs (locale `de`), as its page in docs/providers
 * says: the session URL as given, or with the provider's own parameters added. Written out here, not read back
 * from the code under test, so that "every order agrees" is also "every order is right".
 */
function expectedSrc(provider: DemoProvider, token: string | undefined): string {
  const host = encodeURIComponent(location.origin);
  switch (provider) {
    case 'generic':
      return `${SANDBOX}/generic?session=order_generic`;
    case 'persona':
      return (
        `${SANDBOX}/persona/widget?inquiry-template-id=itmpl_sbxDemo0001&environment-id=env_sbxDemo0001` +
        `&session=order_persona&iframe-origin=${host}&language=de&flow-type=inline&container-id=*` +
        `&frame-ancestors%5B0%5D=${host}&frame-ancestors%5B1%5D=${host}&message-target-origin=${host}`
      );
    case 'sumsub':
      return `${SANDBOX}/sumsub/websdk/websdk.html?_=id_${btoa(token!)}&session=order_sumsub`;
    case 'veriff':
      return `${SANDBOX}/veriff/v/order_veriff?lang=de`;
    case 'jumio':
      return `${SANDBOX}/jumio/web/order_jumio?authorizationToken=${demoInputs('jumio').sessionUrl.split('=').pop()}`;
    case 'idenfy':
      return `${SANDBOX}/idenfy/?session=order_idenfy&authToken=${token}&lang=de`;
    case 'didit':
      return `${demoInputs('didit', { session: 'order_didit' }).sessionUrl}&sdk_presentation=embedded`;
    case 'yoti':
      return `${SANDBOX}/yoti/idverify/v1/web/index.html?sessionID=order_yoti&sessionToken=${token}`;
    case 'veratad':
      return `${SANDBOX}/veratad/order_veratad`;
    case 'caf':
      return demoInputs('caf', { session: 'order_caf' }).sessionUrl;
    case 'zignsec':
      return `${SANDBOX}/zignsec/ui/scanning-dp50/order_zignsec?otp=sbx-otp`;
  }
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

/**
 * Runs `mount` for each order in batches; every result must be `expected`, and no mount may throw (a throw is
 * collected, not swallowed: the test fails on it after the batch has been cleaned up).
 */
async function compareOrders(
  orders: Array<Array<[string, string]>>,
  token: string | undefined,
  expected: Outcome,
  mount: (order: Array<[string, string]>, host: HTMLElement) => KycWidgetElement | Promise<KycWidgetElement>,
): Promise<void> {
  const host = document.createElement('div');
  document.body.append(host);
  const exceptions: string[] = [];
  try {
    for (let start = 0; start < orders.length; start += 12) {
      const batch: KycWidgetElement[] = [];
      for (const order of orders.slice(start, start + 12)) {
        try {
          batch.push(await mount(order, host));
        } catch (error) {
          counts.exceptions++;
          exceptions.push(`${order.map(([name]) => name).join(',')}: ${String(error)}`);
        }
      }
      await settle();
      for (const el of batch) {
        const result = outcomeOf(el, token);
        counts.runs++;
        if (JSON.stringify(result) !== JSON.stringify(expected)) counts.differing++;
        expect(result).toEqual(expected);
      }
      host.replaceChildren();
    }
  } finally {
    host.remove();
  }
  expect(exceptions).toEqual([]);
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
    // One running flow in the provider's documented frame, no error, the token nowhere in the markup.
    const expected = (): Outcome => ({
      state: 'running',
      src: expectedSrc(provider, token),
      error: null,
      tokenInDom: false,
    });

    it(`${provider}: markup parsed by the HTML parser, ${orders.length} attribute orders`, async () => {
      await compareOrders(orders, token, expected(), (order, host) => {
        const template = document.createElement('template');
        template.innerHTML = `<kyc-widget ${order.map(([name, value]) => `${name}="${attr(value)}"`).join(' ')}></kyc-widget>`;
        const el = template.content.firstElementChild as KycWidgetElement;
        host.append(document.importNode(template.content, true));
        return (host.lastElementChild as KycWidgetElement) ?? el;
      });
    });

    it(`${provider}: setAttribute in ${orders.length} orders, connected first or last`, async () => {
      await compareOrders(
        orders.flatMap((order) => [order, order]),
        token,
        expected(),
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
      const setAll = (el: HTMLElement, order: Array<[string, string]>) => {
        for (const [name, value] of order)
          (el as unknown as Record<string, unknown>)[PROPERTY[name]] = name === 'options' ? JSON.parse(value) : value;
      };
      await compareOrders(some, token, expected(), (order, host) => {
        const tag = `kyc-order-late-${lateTags++}`;
        const el = document.createElement(tag) as KycWidgetElement;
        setAll(el, order);
        host.append(el);
        defineKycWidget(tag);
        return el;
      });
      await compareOrders(some, token, expected(), (order, host) => {
        const el = document.createElement('kyc-widget');
        host.append(el);
        setAll(el, order);
        return el;
      });
    });
  }
});
