/** `kyc-widget/sandbox`: the development sandbox from code (index.mjs). Never needed in production. */
export { SANDBOX_API_KEYS, SANDBOX_WEBHOOK_SECRET } from './keys.mjs';

export type SandboxDecision = 'approved' | 'declined' | 'review';
export type TriggerProvider = 'generic' | 'persona' | 'sumsub' | 'veriff' | 'didit' | 'idenfy' | 'onfido' | 'stripe';

export type SandboxEvent =
  | { kind: 'session'; provider: string; sessionId: string; referenceId: string | null }
  | {
      kind: 'webhook';
      provider: string;
      sessionId: string;
      decision: SandboxDecision;
      /** The webhook URL, or undefined when none is configured. */
      to: string | undefined;
      /** Your endpoint's HTTP status; 0 when it did not answer; null when nothing was sent. */
      status: number | null;
    };

export interface SandboxOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: any free port. */
  port?: number;
  /** Where each provider's webhook goes when the person finishes: `{provider}` is replaced, or a function of it. */
  webhookUrl?: string | ((provider: string) => string);
  /** What the webhooks are signed with: one secret, or one per provider. Default `SANDBOX_WEBHOOK_SECRET`. */
  webhookSecret?: string | Record<string, string>;
  /** Keys its session APIs accept instead of `SANDBOX_API_KEYS`. */
  keys?: typeof import('./keys.mjs').SANDBOX_API_KEYS;
  /** Told of each session its APIs create and each webhook it sends. */
  onEvent?: (event: SandboxEvent) => void;
}

export interface Sandbox {
  /** Its origin, e.g. `http://127.0.0.1:5174`: give it to `allowed-origins` and to your session clients' `baseUrl`. */
  origin: string;
  port: number;
  /** Sends the webhook of a session its API created, as the frame does when the person picks an outcome. */
  finish(
    provider: string,
    frameKey: string,
    decision: SandboxDecision,
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** Serves every provider's stand-in: frame pages, session APIs, signed webhooks. */
export declare function startSandbox(options?: SandboxOptions): Promise<Sandbox>;

export declare const DECISIONS: readonly SandboxDecision[];
export declare const TRIGGER_PROVIDERS: readonly TriggerProvider[];

/** A decision webhook in the provider's documented format, signed as the provider signs it. */
export declare function buildWebhook(
  provider: TriggerProvider | 'plaid',
  options: { sessionId: string; referenceId?: string; decision: SandboxDecision; secret: string; now?: number },
): { body: string; headers: Record<string, string> };

/**
 * The headers `provider` sends with `payload`, signed as that provider signs (as Stripe's
 * `generateTestHeaderString`): POST `body` with `headers` to your webhook route.
 */
export declare function webhookHeaders(
  provider: TriggerProvider | 'plaid',
  options: { payload: string | object; secret: string; timestamp?: number },
): { body: string; headers: Record<string, string> };

export interface TriggerResult {
  /** Your endpoint answered 2xx. */
  ok: boolean;
  /** Its HTTP status; 0 when it did not answer (`error` says why). */
  status: number;
  /** Its answer's first 2,000 characters. */
  answer: string;
  error?: string;
  provider: TriggerProvider;
  decision: SandboxDecision;
  sessionId: string;
  to: string;
}

/** One signed decision webhook to `to`, as the provider sends it. Never rejects. */
export declare function trigger(options: {
  provider: TriggerProvider;
  decision: SandboxDecision;
  to: string;
  /** The reference the provider echoes back (the one your session client sent). */
  userId?: string;
  /** The provider's session id (default: a new one of its shape). */
  sessionId?: string;
  /** Default `SANDBOX_WEBHOOK_SECRET`. */
  secret?: string;
  timeoutMs?: number;
  now?: number;
}): Promise<TriggerResult>;

/** The test keys as `.env` lines (what `kyc-widget keys` prints). */
export declare function envLines(options: { sandboxUrl: string; webhookSecret: string }): string;

/** The widget's inputs that run a provider's sandbox page: `Object.assign(element, sandboxInputs.sumsub(origin))`. */
export declare const sandboxInputs: Readonly<
  Record<
    string,
    (
      origin: string,
      options?: { script?: string; session?: string; params?: Record<string, string> },
    ) => { provider: string; sessionUrl?: string; sessionToken?: string; allowedOrigins?: string }
  >
>;
