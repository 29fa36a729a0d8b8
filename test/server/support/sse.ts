/**
 * A browser-free client of the decision endpoint's stream, written from docs/server.md ("The decision endpoint")
 * alone, as the widget will consume it: `GET ?provider=&sessionId=` with `Accept: text/event-stream`, then
 * Server-Sent Events (`retry:` and comment lines, and one `event: decision` whose data is the JSON answer).
 */
export interface StreamEvent {
  event: string;
  data: string;
}

export interface DecisionStreamClient {
  status: number;
  contentType: string | null;
  /** Resolves with the first `decision` event (and when it arrived, from performance.now()), or null at the end. */
  decision: Promise<{ data: unknown; at: number } | null>;
  /** Every event and comment seen so far, in order (comments as `event: ':'`). */
  seen: StreamEvent[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openDecisionStream(url: string, headers: Record<string, string>): Promise<DecisionStreamClient> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { Accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const seen: StreamEvent[] = [];
  let found: (value: { data: unknown; at: number } | null) => void = () => undefined;
  const decision = new Promise<{ data: unknown; at: number } | null>((resolve) => (found = resolve));
  const ended = (async () => {
    if (!response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const parsed = parseBlock(block);
          seen.push(...parsed);
          const hit = parsed.find((one) => one.event === 'decision');
          if (hit) found({ data: JSON.parse(hit.data) as unknown, at: performance.now() });
        }
      }
    } catch {
      // Closed by us.
    }
  })().finally(() => found(null));
  return {
    status: response.status,
    contentType: response.headers.get('Content-Type'),
    decision,
    seen,
    ended,
    close: () => abort.abort(),
  };
}

/** One block of lines: comments (`: …`), `retry:`, and an event's `event:` and `data:` lines. */
function parseBlock(block: string): StreamEvent[] {
  const out: StreamEvent[] = [];
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) out.push({ event: ':', data: line.slice(1).trim() });
    else if (line.startsWith('retry:')) out.push({ event: 'retry', data: line.slice(6).trim() });
    else if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
  }
  if (data.length > 0) out.push({ event, data: data.join('\n') });
  return out;
}
