import { Problem } from '../../src/frame/problem';
import type { FrameContext, ProviderFrame } from '../../src/providers/types';
import { say } from '../../src/runtime/problems';
import type { Environment } from '../../src/element/environment';
import type { Inputs } from '../../src/element/inputs';
import { resolveFrame as resolve, type Resolution } from '../../src/element/resolve';

/**
 * A provider's frame URL for these inputs, as the widget would report it: the builder's URL, or the runtime's
 * sentence for the builder's problem (the `config-invalid` message a host sees).
 */
export function frameUrlOf(
  frame: ProviderFrame,
  context: FrameContext,
): { ok: true; url: URL; trust?: string[] } | { ok: false; message: string; problem: Problem } {
  const built = frame.frameUrl(context);
  return built instanceof Problem ? { ok: false, message: say(built), problem: built } : { ok: true, ...built };
}

/** The inputs resolved as the runtime reads them: the resolution, with the sentence for a problem. */
export function resolveFrame(inputs: Inputs, env: Environment): Said {
  const resolution = resolve(inputs, env);
  return resolution.kind === 'invalid' ? { kind: 'invalid', message: say(resolution.problem) } : resolution;
}

type Said = Exclude<Resolution, { kind: 'invalid' }> | { kind: 'invalid'; message: string };
