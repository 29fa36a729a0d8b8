import type { Signal } from '../protocols/types';
import type { KycErrorInfo } from './errors';
import type { Decision, Emit } from './events';
import type { KycState, Snapshot } from './machine';

/**
 * The vocabulary of `step` (flow/step.ts): the model it decides on, the events the parts report, the effects the
 * runner (runtime/controller.ts) carries out. All of it plain data.
 *
 * The frame is generic (`F`): flow/ does not know how a frame is resolved, only its URL and token.
 */

/** What step needs of a resolved frame. */
export interface FrameLike {
  readonly url: URL;
  readonly context: { readonly sessionToken?: string };
}

/** The inputs resolved into a frame (runtime/resolve.ts), or the reason they cannot be. */
export type Resolution<F extends FrameLike> =
  | { kind: 'idle' }
  | { kind: 'needs-session'; endpoint: URL }
  | { kind: 'invalid'; message: string }
  | { kind: 'ok'; frame: F };

/** The inputs as the element reads them when an event that needs them is handled. */
export interface Config<F extends FrameLike> {
  /** Resolved with the session endpoint's latest answer (`Model.answer`) over the markup's session inputs. */
  resolution: Resolution<F>;
  /** The configuration's comparable key (runtime/configuration.ts `configKey`; the token is not part of it; '' unless launchable). */
  key: string;
  /** The session endpoint and the provider it serves: an answer, and a stale session, belong to one binding. */
  binding: string;
  /** The host's session endpoint, when it gave a valid one. */
  endpoint?: URL;
  mode: 'inline' | 'modal';
  open: boolean;
  /** The host gave a session URL, token or endpoint. */
  session: boolean;
  /** The `sessionToken` input. */
  token?: string;
  /** The modal dialog is showing. */
  modalOpen: boolean;
  /** The host's decision endpoint, when it gave a valid one (not part of the key: it never restarts the frame). */
  decisions?: URL;
  /** The `decision` input. */
  decision?: Decision;
  /** `provider="auto"`: the endpoint's answer names the provider, and another may follow one that failed (flow/failover.ts). */
  auto?: boolean;
}

/** A session endpoint's answer (session/request.ts `readAnswer` has read its shape). */
export interface Answer {
  provider?: string;
  sessionUrl?: string;
  sessionToken?: string;
  expiresAt?: string;
  /** Instead of a session: this person's verification is already decided (kyc-widget/server). */
  decision?: Decision;
  /** Session options for the vendor's script (Onfido's `workflowRunId`), read by element/resolve.ts `withAnswer`. */
  options?: Record<string, unknown>;
}

/** A provider that failed in this attempt, as the next session request names it (`failed`). */
export interface Failed {
  readonly provider: string;
  readonly code: string;
}

export interface Frame<F> {
  /** Every frame request gets a new id: what a stopped frame's timers or chunks report is ignored. */
  readonly id: number;
  readonly frame: F;
  /** The token this frame was given, or handed since: what its protocol reads (runtime/attempt.ts). */
  readonly token: string | undefined;
  /** Its protocol can take a new token without a reload (Sumsub, generic). */
  readonly takesTokens: boolean;
  /** Reloads the provider asked for, in a row. */
  readonly reloads: number;
}

export interface Request {
  readonly id: number;
  readonly endpoint: URL;
  /** `start`: a session before the frame; `renew`: a new token for the running frame. */
  readonly purpose: 'start' | 'renew';
  readonly refresh: boolean;
  /** Asked again because the first answer had already expired (only once). */
  readonly again: boolean;
  /** The attempt that asked: an answer for an earlier attempt is dropped. */
  readonly attempt: number;
  /** The frame that was running, and whether it could take a token then (renewal). */
  readonly frame: number | undefined;
  readonly takesTokens: boolean;
}

/** The decision the widget knows and has announced (`kyc-decision`), for the attempt it was known in. */
export interface Known {
  readonly value: Decision;
  /** The decision endpoint said it (the widget set `decision`); false: the host set the `decision` input. */
  readonly confirmed: boolean;
  readonly attempt: number;
}

/** A look at the decision endpoint under way: `once` (one JSON answer), or watching until it says. */
export interface Watch {
  readonly id: number;
  /** The endpoint's URL (another endpoint is another watch). */
  readonly endpoint: string;
  readonly once: boolean;
}

/**
 * What brings a stopped or waiting flow back, and where:
 * - `connect`: the flow was running when the element left the page: when it is back, the frame loads again;
 * - `token`: the frame stopped on an expired token and stays: a new token from the host resumes `state`;
 * - `online`: a long offline loss stopped the flow in `state`, the frame stays: `online` resumes it there.
 */
export type Resume = { on: 'connect' } | { on: 'token' | 'online'; state: KycState } | null;

export interface Model<F extends FrameLike> {
  readonly snapshot: Snapshot;
  readonly connected: boolean;
  readonly resume: Resume;
  /** The configuration the frame was made for ('' : none, so the next pass loads). */
  readonly key: string;
  /** The last frame requested (kept after it stops, for a reload, a retry or a token). */
  readonly frame: Frame<F> | null;
  /** That frame's iframe is there. */
  readonly framed: boolean;
  readonly frames: number;
  readonly endpoint: URL | undefined;
  readonly binding: string;
  /** The session endpoint's latest answer for this binding: it wins over the markup's session inputs. */
  readonly answer: Answer | null;
  /** Renewal failed: the next start asks the endpoint with `refresh: true` first. */
  readonly stale: boolean;
  readonly request: Request | null;
  readonly requests: number;
  /** The decision endpoint now (flow/decisions.ts). */
  readonly decisions: URL | undefined;
  readonly decision: Known | null;
  readonly watch: Watch | null;
  readonly watches: number;
  /** This connection's one look for a decision made before the page opened is done, or its moment passed. */
  readonly looked: boolean;
  /** `attempt endpoint` whose watch ended without a decision (its time ran out, or it was refused): not again. */
  readonly gaveUp: string;
  /**
   * `attempt endpoint` whose watch is late: a try failed, or the decision took longer than the person is asked to
   * wait. The watch goes on; the screen says the result will follow (flow/decisions.ts `confirmation`).
   */
  readonly late: string;
  /** `provider="auto"` (the last pass over the inputs said so). */
  readonly auto?: boolean;
  /** With `auto`: the providers that failed in this attempt, in order, and the last failure (flow/failover.ts). */
  readonly failed?: readonly Failed[];
  readonly failure?: KycErrorInfo;
}

export type Event<F extends FrameLike> =
  | { type: 'connect' }
  | { type: 'disconnect' }
  /** An input changed (`configures`: a pass over the inputs follows; `open`, `decision`: those inputs now). */
  | { type: 'input'; name: string; configures: boolean; open: boolean; decision?: Decision }
  /** One pass over the inputs, at the end of the task in which they changed (or once the dialog is placed). */
  | { type: 'configure'; config: Config<F> }
  | { type: 'start'; config: Config<F> }
  /** `keepFocus`: the screens' button, which goes away: focus waits on the loading screen. */
  | { type: 'retry'; config: Config<F>; keepFocus?: boolean }
  | { type: 'cancel' }
  /** The result screen's Done. */
  | { type: 'done'; config: Config<F> }
  | { type: 'opened'; config: Config<F> }
  | { type: 'closed'; byPerson: boolean }
  /** What the frame's messages (or its `load`) meant. */
  | { type: 'signals'; frame: number; signals: readonly Signal[]; from: 'message' | 'load' }
  /** The frame's protocol is attached. */
  | { type: 'attached'; frame: number; takesTokens: boolean }
  | { type: 'timeout'; frame: number; after: number }
  | { type: 'slow'; frame: number }
  /** The endpoint answered request `request` (`config` is read with this answer over the markup). */
  | { type: 'session'; request: number; answer: Answer; now: number; config: Config<F> }
  /**
   * `provider`: the endpoint said this provider failed (a 502/503 naming it, to `auto`); `none`: it has no provider
   * left to offer (`auto`).
   */
  | { type: 'session-error'; request: number; message: string; provider?: string; none?: boolean }
  /** The decision endpoint confirmed a decision to watch `watch` (runtime/decision.ts read and checked the answer). */
  | { type: 'decision'; watch: number; decision: Decision; sessionId?: string }
  /** Watch `watch` ended without a decision: none yet (a look), the time ran out, or the endpoint refused (`note`). */
  | { type: 'undecided'; watch: number; note: string }
  /** Watch `watch` goes on, but is late: a try failed (the endpoint unreachable, erring), or patience ran out (`note`). */
  | { type: 'decision-late'; watch: number; note: string }
  | { type: 'offline' }
  | { type: 'still-offline'; after: number }
  | { type: 'online'; config: Config<F> }
  /** The browser will not give the frame the camera (runtime/preflight.ts). */
  | { type: 'camera'; message: string }
  | { type: 'announce'; text: string }
  /** A language chunk arrived. */
  | { type: 'language' }
  /**
   * The runtime arrived after the element's stand-in (element/stand-in.ts), and the model is the stand-in's:
   * its snapshot, the key it launched for, its frame or its session request under way, the endpoint's answer the
   * frame was made from. Step goes on from there; nothing is dispatched again.
   */
  | {
      type: 'adopted';
      connected: boolean;
      /**
       * The session endpoint the inputs give now: what the frame said before the runtime (a server-rendered
       * frame's capture, drained at once) may need it before the first pass over the inputs.
       */
      endpoint?: URL;
      /** Its binding (flow/sessions.ts `absorb`), so that the first pass does not take it for another one. */
      binding?: string;
    };

export type Announcement = { state: KycState } | { step: { index: number; total: number } } | { text: string };

export type Effect<F extends FrameLike> =
  /** Request the frame (stopping any other first), with a fresh load timer. */
  | { type: 'load-frame'; frame: F; id: number }
  /** Take over the stand-in's frame as frame `id`. */
  | { type: 'adopt-frame'; frame: F; id: number }
  /** Remove the frame (which releases the camera). */
  | { type: 'stop-frame' }
  /** The load timer is done and the slow hint goes. */
  | { type: 'settled' }
  | { type: 'slow' }
  | { type: 'frame-height'; height: number }
  /** A new token for the running frame, or (null) word that renewal failed. */
  | { type: 'hand-over-token'; token: string | null; error?: string }
  /** `first`: the stand-in's request, already sent, is this one's first try; `failed`: `auto`'s failed providers. */
  | {
      type: 'fetch-session';
      endpoint: URL;
      refresh: boolean;
      request: number;
      first?: boolean;
      failed?: readonly Failed[];
    }
  | { type: 'abort-session' }
  /** Ask the decision endpoint about this person's session (`once`: one JSON answer; else until it says). */
  | { type: 'watch-decision'; endpoint: URL; watch: number; once: boolean; sessionId?: string }
  | { type: 'stop-watch' }
  /** The element's `decision` property (undefined: the decision the widget set belonged to an earlier attempt). */
  | { type: 'set-decision'; decision: Decision | undefined }
  /** What `state`, `sessionId`, the screens and the events read from now on. */
  | { type: 'snapshot'; snapshot: Snapshot }
  /** A DOM event, typed by the public event map; the runner adds `provider`. */
  | ({ type: 'emit' } & Emit)
  | { type: 'announce'; say: Announcement }
  | { type: 'render' }
  /** The styles and the loading screen, in place (idempotent): never in front of the frame request. */
  | { type: 'dress' }
  /** `screen`: the next screen takes focus if focus was in the widget; `frame`/`loading`: if it was on the loading screen / in the widget. */
  | { type: 'focus'; to: 'screen' | 'frame' | 'loading' }
  /** Offline: the banner, and the grace period's timer. */
  | { type: 'offline'; on: boolean }
  | { type: 'listen'; on: boolean }
  | { type: 'place'; mode: 'inline' | 'modal'; open: boolean }
  | { type: 'show-dialog'; open: boolean }
  | { type: 'close-dialog' }
  | { type: 'set-open'; open: boolean }
  | { type: 'warm-up'; url: URL }
  | { type: 'confirm-leave' }
  | { type: 'check-camera'; origin: string }
  /** `reset`: work the language out again; then the frame's title follows it. */
  | { type: 'language'; reset: boolean }
  /** The running frame hears of a new language or theme. */
  | { type: 'frame-settings' }
  | { type: 'queue-configure' }
  | { type: 'debug'; note: string };

export interface Stepped<F extends FrameLike> {
  model: Model<F>;
  effects: Effect<F>[];
}
