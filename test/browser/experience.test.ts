import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { loadLanguage } from '../../src/i18n/index';
import { Connectivity } from '../../src/runtime/connectivity';
import type { KycWidgetElement } from '../../src/index';
import {
  attr,
  fixtureCleanup,
  frameOf,
  record,
  SANDBOX,
  scriptDone,
  scripted,
  settle,
  untilState,
  waitUntil,
  widget,
} from './helpers';

/** The person's experience (issue 9): each defect found, reproduced here, and the bar raised. */

afterEach(async () => {
  fixtureCleanup();
  Connectivity.graceMs = 30_000;
  await page.viewport(414, 896);
});

async function uiRendered(el: KycWidgetElement, selector: string): Promise<HTMLElement> {
  await expect.poll(() => el.shadowRoot!.querySelector(selector), { timeout: 5000 }).not.toBeNull();
  return el.shadowRoot!.querySelector<HTMLElement>(selector)!;
}

describe('text before anything else', () => {
  // First in the file: French has not been loaded yet in this page.
  it('never shows English first while another language loads', async () => {
    const seen: string[] = [];
    const el = document.createElement('kyc-widget');
    el.locale = 'fr';
    el.sessionUrl = `${SANDBOX}/silent`;
    document.body.append(el);
    const text = () => el.shadowRoot!.querySelector('.placeholder .loading-text')?.textContent ?? '';
    const observer = new MutationObserver(() => seen.push(text()));
    observer.observe(el.shadowRoot!, { subtree: true, characterData: true, childList: true });
    seen.push(text());
    // The wait is for French to arrive (its own chunk, which Vite compiles on first request: over 5 s once on a
    // loaded machine), then for the element to show it.
    await loadLanguage('fr');
    await expect.poll(text).toBe('Chargement de la vérification…');
    observer.disconnect();
    expect(seen).not.toContain('Loading verification…');
    el.remove();
  });

  it('speaks Brazilian Portuguese for pt-BR and bare pt, European for pt-PT', async () => {
    const loadingText = async (locale: string) => {
      const el = await widget(`<kyc-widget locale="${locale}" session-url="${SANDBOX}/silent"></kyc-widget>`);
      await expect.poll(() => el.shadowRoot!.querySelector('.placeholder .loading-text')?.textContent).not.toBe('');
      const text = el.shadowRoot!.querySelector('.placeholder .loading-text')!.textContent;
      el.remove();
      return text;
    };
    expect(await loadingText('pt-BR')).toBe('Carregando a verificação…');
    expect(await loadingText('pt')).toBe('Carregando a verificação…');
    expect(await loadingText('pt-PT')).toBe('A carregar a verificação…');
  });
});

describe('the loading screen', () => {
  it("uses the host's loading slot on the first load", async () => {
    const el = await widget(
      `<kyc-widget session-url="${SANDBOX}/silent"><p slot="loading">Preparing your check</p></kyc-widget>`,
    );
    expect(el.state).toBe('loading');
    const slot = el.shadowRoot!.querySelector<HTMLSlotElement>('slot[name="loading"]')!;
    expect(slot.assignedElements().map((e) => e.textContent)).toEqual(['Preparing your check']);
    expect(el.querySelector('p')!.getClientRects().length).toBeGreaterThan(0); // rendered, not just assigned
  });

  it('says "taking longer than usual" when the frame is slow, instead of spinning in silence', async () => {
    const el = await widget(`<kyc-widget load-timeout="1200" session-url="${SANDBOX}/silent"></kyc-widget>`);
    const slow = el.shadowRoot!.querySelector<HTMLElement>('.placeholder .slow')!;
    expect(slow.hidden).toBe(true);
    await expect.poll(() => (slow.hidden ? '' : slow.textContent)).toBe('This is taking longer than usual…');
    await untilState(el, 'error');
  });

  it('is not a blank 600 px box before a session is known', async () => {
    const el = await widget('<kyc-widget></kyc-widget>');
    expect(el.state).toBe('idle');
    expect(el.getBoundingClientRect().height).toBeLessThan(8);
  });

  it('takes the success colour from --kyc-color-success', async () => {
    const el = await widget(
      `<kyc-widget style="--kyc-color-success: rgb(1, 2, 3)" decision="approved" session-url="${attr(scripted(['ready', 'complete:approved']))}"></kyc-widget>`,
    );
    await untilState(el, 'complete');
    const circle = await uiRendered(el, '.icon[data-kind="approved"] circle');
    expect(getComputedStyle(circle).fill).toBe('rgb(1, 2, 3)');
  });
});

describe('connectivity: a short loss keeps the flow, a long one pauses it in the same frame', () => {
  it('offline mid-flow, back before the grace period: a kyc-warning, a banner, the same frame document, and the flow finishes', async () => {
    // The frame finishes when this page tells it to (the second token it awaits), after the connection is back: not
    // on a timer of its own racing this page's.
    const el = await widget(
      `<kyc-widget session-url="${attr(scripted(['ready', 'start', 'await-token', 'await-token', 'complete:approved'], { echo: '1' }))}"></kyc-widget>`,
    );
    await untilState(el, 'in-progress');
    await settle(); // the runtime is here (it listens for the connection; the boot does not)
    const frame = frameOf(el)!;
    let loads = 0;
    frame.addEventListener('load', () => loads++);
    const events = record(el);
    window.dispatchEvent(new Event('offline'));
    // The banner is the UI's (its chunk may still be on its way when this test runs first): wait for it to show.
    const bannerOf = () => el.shadowRoot!.querySelector<HTMLElement>('[part~="banner"]');
    await waitUntil(() => bannerOf()?.hidden === false, 'the offline banner never showed', { timeout: 5000 });
    const banner = bannerOf()!;
    expect(el.state).toBe('in-progress');
    expect(banner.textContent).toContain('You are offline');
    // While offline, a round trip through the frame (a token it echoes as progress) goes on as before: the flow is
    // kept, the grace period (Connectivity.graceMs, 30 s) is far off, whatever the machine's load. A grace period
    // that ended at once would have made this an error before the echo came back.
    frame.contentWindow!.postMessage({ kyc: 1, type: 'token', token: 'tunnel' }, SANDBOX);
    const echoed = () => events.some((e) => e.type === 'kyc-progress' && e.detail.step === 'token:tunn');
    await waitUntil(echoed, 'no echo while offline', { timeout: 5000 });
    expect(el.state).toBe('in-progress');
    window.dispatchEvent(new Event('online'));
    expect(banner.hidden).toBe(true);
    frame.contentWindow!.postMessage({ kyc: 1, type: 'token', token: 'back-online' }, SANDBOX);
    await untilState(el, 'complete');
    events.stop();
    // (The frame also echoes the init it got at the start as progress: whether before or after the recording began.)
    const steps = events.filter((e) => e.type === 'kyc-progress').map((e) => String(e.detail.step));
    expect(steps.filter((step) => step.startsWith('token:'))).toEqual(['token:tunn', 'token:back']);
    expect(events.names().filter((name) => name !== 'kyc-progress')).toEqual([
      'kyc-warning',
      'state:complete',
      'kyc-complete',
    ]);
    expect(events[0].detail).toMatchObject({ code: 'offline' });
    expect(loads).toBe(0);
  });

  it('offline past the grace period: kyc-error offline with the frame kept; back online, the same frame goes on', async () => {
    Connectivity.graceMs = 300;
    const el = await widget(
      `<kyc-widget session-url="${attr(scripted(['ready', 'start', 'wait:1500', 'complete:approved']))}"></kyc-widget>`,
    );
    await untilState(el, 'in-progress');
    const frame = frameOf(el)!;
    const events = record(el);
    window.dispatchEvent(new Event('offline'));
    await untilState(el, 'error');
    expect(el.lastError).toMatchObject({ code: 'offline', recoverable: true });
    expect(frameOf(el)).toBe(frame);
    window.dispatchEvent(new Event('online'));
    expect(el.state).toBe('in-progress');
    expect(frameOf(el)).toBe(frame);
    await untilState(el, 'complete');
    events.stop();
    expect(events.names()).toEqual([
      'kyc-warning',
      'state:error',
      'kyc-error',
      'state:in-progress',
      'state:complete',
      'kyc-complete',
    ]);
  });
});

describe('the provider frame hears the host', () => {
  it('passes a new locale and theme to a running frame that can take them (generic: init again)', async () => {
    const el = await widget(
      `<kyc-widget locale="en" theme="light" session-url="${attr(scripted(['ready', 'start', 'wait:5000'], { echo: '1' }))}"></kyc-widget>`,
    );
    const events = record(el);
    await untilState(el, 'in-progress');
    el.locale = 'de';
    el.theme = 'dark';
    await expect
      .poll(() => events.filter((e) => e.type === 'kyc-progress').map((e) => e.detail.step))
      .toContain('init:de:dark');
  });
});

describe('screens a bank would ship', () => {
  it('titles each error by what happened, and gives a reference to quote where the person cannot retry', async () => {
    const titles: Record<string, string> = {};
    for (const [code, markup] of [
      ['config-invalid', `<kyc-widget session-url="http://example.com/"></kyc-widget>`],
      ['frame-load-timeout', `<kyc-widget load-timeout="400" session-url="${SANDBOX}/silent"></kyc-widget>`],
      ['provider-error', `<kyc-widget session-url="${attr(scripted(['ready', 'error:E_FATAL:false']))}"></kyc-widget>`],
    ] as const) {
      const el = await widget(markup);
      await untilState(el, 'error');
      const screen = await uiRendered(el, `[part~="error"][data-code="${code}"]`);
      titles[code] = screen.querySelector('h2')!.textContent!;
      const retry = screen.querySelector('[part~="retry-button"]');
      expect(retry !== null, code).toBe(el.lastError!.recoverable);
      const reference = screen.querySelector('[part~="reference"]')!.textContent!;
      expect(reference).toContain(code);
      if (code === 'provider-error') expect(reference).toContain('E_FATAL');
      el.remove();
    }
    expect(new Set(Object.values(titles)).size).toBe(3);
    expect(Object.values(titles)).not.toContain('Something went wrong');
  });

  it('a result screen has a Done button that fires kyc-close; drawn icons tell pending from review', async () => {
    const el = await widget(
      `<kyc-widget session-url="${attr(scripted(['ready', 'submit', 'complete:pending']))}"></kyc-widget>`,
    );
    await untilState(el, 'complete');
    const pending = await uiRendered(el, 'svg.icon[data-kind="pending"]');
    const pendingPath = pending.querySelector('path')!.getAttribute('d');
    el.decision = 'review';
    const review = await uiRendered(el, 'svg.icon[data-kind="review"]');
    expect(review.querySelector('path')!.getAttribute('d')).not.toBe(pendingPath);
    const closes: unknown[] = [];
    el.addEventListener('kyc-close', (e) => closes.push((e as CustomEvent).detail));
    (await uiRendered(el, '[part~="done-button"]')).click();
    expect(closes).toHaveLength(1);
    expect(closes[0]).toMatchObject({ provider: 'generic', state: 'complete' });
  });
});

describe('keyboard only', () => {
  it('inline: Tab to "Try again", Enter; focus stays in the widget, then goes to the frame', async () => {
    const before = document.createElement('input');
    document.body.prepend(before);
    try {
      const el = await widget(
        `<kyc-widget session-url="${attr(scripted(['wait:400', 'ready', 'wait:1500', 'error:x:true']))}"></kyc-widget>`,
      );
      await untilState(el, 'error');
      await uiRendered(el, '[part~="retry-button"]');
      before.focus();
      await userEvent.tab();
      expect(el.shadowRoot!.activeElement?.getAttribute('part')).toContain('retry-button');
      await userEvent.keyboard('{Enter}');
      expect(el.state).toBe('loading');
      expect(document.activeElement).toBe(el);
      expect(el.shadowRoot!.activeElement).not.toBeNull();
      await untilState(el, 'ready');
      await expect.poll(() => el.shadowRoot!.activeElement).toBe(frameOf(el));
    } finally {
      before.remove();
    }
  });

  it('modal: the close button is reachable from the keyboard, and closing by the person gives kyc-cancel then kyc-close', async () => {
    const el = await widget(
      `<kyc-widget mode="modal" session-url="${attr(scripted(['ready', 'start', 'wait:5000']))}"></kyc-widget>`,
    );
    el.open = true;
    await untilState(el, 'in-progress');
    const events = record(el);
    const close = el.shadowRoot!.querySelector<HTMLButtonElement>('[part~="close-button"]')!;
    close.focus();
    expect(el.shadowRoot!.activeElement).toBe(close);
    await userEvent.keyboard('{Enter}');
    await untilState(el, 'cancelled');
    events.stop();
    expect(events.names().filter((n) => !n.startsWith('state:'))).toEqual(['kyc-cancel', 'kyc-close']);
    expect(el.open).toBe(false);
  });

  it('modal: the host closing it (open = false) is not the person: kyc-cancel, no kyc-close', async () => {
    const el = await widget(
      `<kyc-widget mode="modal" open session-url="${attr(scripted(['ready', 'start', 'wait:5000']))}"></kyc-widget>`,
    );
    await untilState(el, 'in-progress');
    const events = record(el);
    el.open = false;
    await untilState(el, 'cancelled');
    await settle();
    events.stop();
    expect(events.names().filter((n) => !n.startsWith('state:'))).toEqual(['kyc-cancel']);
  });
});

describe('keyboard only, in the modal', () => {
  it('Tab goes from the close button into the frame, Shift+Tab comes back out (the way out while the frame has focus)', async () => {
    // The interactive sandbox page: a frame with controls to tab into (an empty frame is skipped by Tab).
    const el = await widget(`<kyc-widget mode="modal" open session-url="${SANDBOX}/generic?session=tab"></kyc-widget>`);
    await untilState(el, 'ready');
    const close = el.shadowRoot!.querySelector<HTMLButtonElement>('[part~="close-button"]')!;
    close.focus();
    await userEvent.tab();
    // Focus crosses into the frame's process: it arrives a moment later.
    await expect.poll(() => el.shadowRoot!.activeElement).toBe(frameOf(el));
    await userEvent.tab({ shift: true });
    await expect.poll(() => el.shadowRoot!.activeElement).toBe(close);
  });

  it('"Try again" in the open modal keeps focus in the dialog, then in the frame', async () => {
    const el = await widget(
      `<kyc-widget mode="modal" open session-url="${attr(scripted(['wait:300', 'ready', 'wait:1500', 'error:x:true']))}"></kyc-widget>`,
    );
    await untilState(el, 'error');
    const retry = await uiRendered(el, '[part~="retry-button"]');
    // Where the flow left focus (the error's heading), Tab reaches "Try again".
    await expect.poll(() => el.shadowRoot!.activeElement?.tagName).toBe('H2');
    await userEvent.tab();
    expect(el.shadowRoot!.activeElement).toBe(retry);
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => el.state).toBe('loading');
    expect(el.shadowRoot!.activeElement?.closest('dialog')).not.toBeNull();
    await untilState(el, 'ready');
    await expect.poll(() => el.shadowRoot!.activeElement).toBe(frameOf(el));
  });
});

describe('layout stability', () => {
  it("no layout shift from first paint to the end of the flow when the host reserves the provider's height (--kyc-frame-height)", async () => {
    const shifts: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!entry.hadRecentInput) shifts.push(entry.value);
    });
    observer.observe({ type: 'layout-shift', buffered: false });
    const below = document.createElement('p');
    below.textContent = 'Content under the widget';
    const el = await widget(
      `<kyc-widget style="--kyc-frame-height: 640px" session-url="${attr(scripted(['wait:200', 'resize:640', 'ready', 'complete:approved']))}"></kyc-widget>`,
    );
    el.after(below);
    // Up to the end of the flow: the result screen then takes its own height (final-screens.test.ts), on purpose.
    el.addEventListener('kyc-complete', () => {
      for (const entry of observer.takeRecords() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean }
      >)
        if (!entry.hadRecentInput) shifts.push(entry.value);
      observer.disconnect();
    });
    await untilState(el, 'complete');
    await uiRendered(el, '[part~="result"]');
    below.remove();
    const cls = shifts.reduce((a, b) => a + b, 0);
    console.log(`layout: cumulative layout shift from load to the end of the flow, height reserved: ${cls.toFixed(4)}`);
    expect(cls).toBeLessThan(0.01);
  });
});

describe('the modal on phones and desktops', () => {
  for (const [width, height] of [
    [360, 740],
    [390, 844],
    [1024, 700],
  ]) {
    it(`${width}×${height}: the dialog, its close button and the whole frame are inside the viewport`, async () => {
      await page.viewport(width, height);
      const el = await widget(
        `<kyc-widget mode="modal" open session-url="${attr(scripted(['ready', 'resize:2000']))}"></kyc-widget>`,
      );
      await untilState(el, 'ready');
      // The frame's resize has been handled (the script's last step, then a task), and the height's CSS transition,
      // a running animation of the shadow root while it lasts, is over.
      await scriptDone(frameOf(el)!.src);
      await waitUntil(() => el.shadowRoot!.getAnimations().length === 0, 'the frame height kept moving');
      const inside = (rect: DOMRect) =>
        rect.top >= 0 && rect.left >= 0 && rect.bottom <= innerHeight + 0.5 && rect.right <= innerWidth + 0.5;
      const dialog = el.shadowRoot!.querySelector('dialog')!.getBoundingClientRect();
      const close = el.shadowRoot!.querySelector('[part~="close-button"]')!.getBoundingClientRect();
      const frame = frameOf(el)!.getBoundingClientRect();
      expect(inside(dialog), JSON.stringify(dialog)).toBe(true);
      expect(inside(close), JSON.stringify(close)).toBe(true);
      expect(inside(frame), JSON.stringify(frame)).toBe(true);
      if (width <= 480) expect(Math.round(frame.bottom)).toBe(innerHeight); // the frame reaches the bottom edge
    });
  }

  it('locks the page behind it from scrolling while open, and gives it back after', async () => {
    const tall = document.createElement('div');
    tall.style.height = '5000px';
    document.body.append(tall);
    try {
      const el = await widget(`<kyc-widget mode="modal" session-url="${attr(scripted(['ready']))}"></kyc-widget>`);
      document.documentElement.style.overflow = '';
      el.open = true;
      await expect.poll(() => getComputedStyle(document.documentElement).overflow).toBe('hidden');
      el.open = false;
      await expect.poll(() => document.documentElement.style.overflow).toBe('');
    } finally {
      tall.remove();
    }
  });

  it('mirrors the close button in Arabic (at the left edge)', async () => {
    const el = await widget(
      `<kyc-widget mode="modal" open locale="ar" session-url="${attr(scripted(['ready']))}"></kyc-widget>`,
    );
    await untilState(el, 'ready');
    const dialog = el.shadowRoot!.querySelector('dialog')!;
    await expect.poll(() => dialog.dir).toBe('rtl');
    const box = dialog.getBoundingClientRect();
    const close = el.shadowRoot!.querySelector('[part~="close-button"]')!.getBoundingClientRect();
    expect(close.left - box.left).toBeLessThan(box.right - close.right);
  });
});
