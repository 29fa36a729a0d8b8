import { commands } from 'vitest/browser';
import { afterEach, describe, expect, it } from 'vitest';
import type { PathFile } from '../support/message-path';
import { attr, fixtureCleanup, SANDBOX, scripted, untilState, waitUntil, widget } from './helpers';

declare module 'vitest/browser' {
  interface BrowserCommands {
    messagePath: (framePrefix: string, message: unknown) => Promise<PathFile[]>;
  }
}

afterEach(() => fixtureCleanup());

describe('one message, from the frame to a DOM event (docs/architecture.md counts it from here)', () => {
  it('a complete message runs these files and calls, counted by V8, up to kyc-complete', async () => {
    const url = scripted(['ready', 'start', 'submit'], { session: 'sess_path' });
    const el = await widget(`<kyc-widget session-url="${attr(url)}"></kyc-widget>`);
    await untilState(el, 'submitted');
    // The screens' chunk arrives when the page is idle: counted only if it landed in the middle, so wait for it.
    await waitUntil(() => el.shadowRoot!.querySelector('kyc-widget-screens') !== null, 'the screens never arrived', {
      timeout: 5000,
    });
    el.addEventListener('kyc-complete', () => {
      // eslint-disable-next-line no-debugger -- the command takes V8's counts while the page stands here
      debugger;
    });
    const files = await commands.messagePath(`${SANDBOX}/generic`, {
      kyc: 1,
      type: 'complete',
      sessionId: 'sess_path',
      outcome: 'approved',
    });
    expect(el.state).toBe('complete');
    const calls = files.reduce((sum, file) => sum + file.calls, 0);
    const measured = `${files.length} files, ${calls} calls`;
    const listing = files.map((file) => `  ${file.file} ${file.calls}: ${file.functions.join(', ')}`).join('\n');
    const doc = await commands.readFile('docs/architecture.md');
    const stated = /the message runs (\d+ files, \d+ calls)/.exec(doc)?.[1];
    expect(stated, `docs/architecture.md says "the message runs ${measured}"; measured:\n${listing}`).toBe(measured);
    for (const file of files) expect(doc, `docs/architecture.md lists ${file.file}`).toContain(`\`${file.file}\``);
  });
});
