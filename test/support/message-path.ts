/**
 * A browser command (vite.config.ts, project "browser"): what one message from a provider's frame runs in the
 * widget's own code, counted by V8 rather than by reading the code. The page's isolate counts every function call
 * (CDP precise coverage, call counts); the frame whose URL starts with `framePrefix` posts `message` to its parent;
 * the test's `kyc-…` listener stops the page at a `debugger` statement, and the counts are taken there, so they hold
 * exactly what ran from the message to that event's listener. Only the widget's sources count (`/src/`).
 */
import type { BrowserCommand } from 'vitest/node';

export interface PathFile {
  file: string;
  /** Function calls in this file, summed. */
  calls: number;
  /** The functions entered, each with its call count. */
  functions: string[];
}

interface FunctionCoverage {
  functionName: string;
  ranges: { startOffset: number; endOffset: number; count: number }[];
}
interface ScriptCoverage {
  url: string;
  functions: FunctionCoverage[];
}

const PAUSE_TIMEOUT_MS = 10_000;

export const messagePath: BrowserCommand<[framePrefix: string, message: unknown]> = async (
  context,
  framePrefix,
  message,
) => {
  const page = context.page;
  const frame = page.frames().find((one) => one.url().startsWith(framePrefix));
  if (!frame)
    throw new Error(
      `no frame at ${framePrefix} in ${page
        .frames()
        .map((one) => one.url())
        .join(', ')}`,
    );
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Profiler.enable');
    await cdp.send('Debugger.enable');
    await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    await cdp.send('Profiler.takePreciseCoverage'); // resets the counts: what ran before the message is not counted
    const counted = new Promise<ScriptCoverage[]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the page never reached the listener')), PAUSE_TIMEOUT_MS);
      cdp.once('Debugger.paused', () => {
        clearTimeout(timer);
        cdp
          .send('Profiler.takePreciseCoverage')
          .then(({ result }) => resolve(result as ScriptCoverage[]), reject)
          .finally(() => void cdp.send('Debugger.resume').catch(() => undefined));
      });
    });
    await frame.evaluate((data) => window.parent.postMessage(data, '*'), message);
    return summary(await counted);
  } finally {
    await cdp.detach().catch(() => undefined);
  }
};

function summary(scripts: ScriptCoverage[]): PathFile[] {
  const files: PathFile[] = [];
  for (const script of scripts) {
    const file = /\/(src\/[^?#]+)/.exec(script.url)?.[1];
    if (!file) continue;
    const entered = script.functions.filter((fn) => fn.ranges[0].count > 0 && fn.functionName !== '');
    const anonymous = script.functions.filter((fn) => fn.ranges[0].count > 0 && fn.functionName === '');
    const calls = [...entered, ...anonymous].reduce((sum, fn) => sum + fn.ranges[0].count, 0);
    if (calls === 0) continue;
    const names = entered.map((fn) => `${fn.functionName}×${fn.ranges[0].count}`);
    if (anonymous.length) names.push(`(anonymous)×${anonymous.reduce((sum, fn) => sum + fn.ranges[0].count, 0)}`);
    files.push({ file, calls, functions: names });
  }
  return files.sort((a, b) => a.file.localeCompare(b.file));
}
