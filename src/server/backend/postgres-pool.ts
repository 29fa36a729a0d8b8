/** What the PostgreSQL store needs of a `pg`-compatible pool (`new pg.Pool(…)`): nothing here imports a driver. */

/** What this store needs of a `pg` client: `query`, and for LISTEN, notifications. */
export interface PgQueryable {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}
export interface PgClient extends PgQueryable {
  release(error?: Error | boolean): void;
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
}
export interface PgPool extends PgQueryable {
  connect(): Promise<PgClient>;
}
