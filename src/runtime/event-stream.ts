/**
 * Server-Sent Events, read from a `fetch` body rather than by `EventSource` (which can neither be aborted with a
 * signal, nor send an `Accept` header that lets the server answer JSON instead, nor report a 429's Retry-After).
 * The text/event-stream format as the HTML standard parses it (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation):
 * lines end in CRLF, LF or CR; `:` starts a comment; `field: value` (one space after the colon dropped); `data`
 * lines join with LF; `event` names the event (default `message`); `retry` (digits only) is the reconnection time;
 * an empty line dispatches, unless no data came. Pure: text in, events out.
 *
 * Bounded: a line, and an event's data, longer than `maxBytes` (UTF-16 units, a bound on memory and work) are
 * dropped, the rest of that line unread, and the event is not dispatched, so no stream can make the page hold or
 * parse more than that at once.
 */

export interface StreamEvent {
  event: string;
  data: string;
}

/** 64 KiB: a decision's JSON is under 300 characters. */
export const MAX_EVENT_CHARS = 65_536;

export class EventStreamParser {
  readonly #max: number;
  /** The unfinished line. */
  #line = '';
  /** Skipping the rest of a line that grew past the bound. */
  #skipping = false;
  /** A CR ended the last chunk: an LF at the start of the next one is the same line end. */
  #afterCR = false;
  #first = true;
  #event = '';
  #data: string[] = [];
  #dataChars = 0;
  /** The event under way went over the bound: it is dropped when it ends. */
  #spoiled = false;
  /** The last `retry` the stream gave, in milliseconds. */
  retry: number | undefined;

  constructor(maxChars = MAX_EVENT_CHARS) {
    this.#max = maxChars;
  }

  /** The events that text completes, in order. */
  push(text: string): StreamEvent[] {
    const events: StreamEvent[] = [];
    if (this.#first && text) {
      this.#first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // one leading BOM is not content
    }
    let start = 0;
    if (this.#afterCR && text[0] === '\n') start = 1;
    this.#afterCR = false;
    const ends = /\r\n|\r|\n/g;
    ends.lastIndex = start;
    for (let match = ends.exec(text); match; match = ends.exec(text)) {
      if (match[0] === '\r' && match.index === text.length - 1) this.#afterCR = true;
      this.#take(text.slice(start, match.index));
      const event = this.#end(this.#line);
      this.#line = '';
      this.#skipping = false;
      if (event) events.push(event);
      start = match.index + match[0].length;
    }
    this.#take(text.slice(start));
    return events;
  }

  /** Part of a line: kept, unless the line is over the bound (then it, and the event it belongs to, are dropped). */
  #take(part: string): void {
    if (this.#skipping || !part) return;
    if (this.#line.length + part.length > this.#max) {
      this.#line = '';
      this.#skipping = true;
      this.#spoiled = true;
      return;
    }
    this.#line += part;
  }

  /** A whole line: a field of the event under way, a comment, or (empty) the event's end. */
  #end(line: string): StreamEvent | undefined {
    if (this.#skipping) return undefined;
    if (line === '') return this.#dispatch();
    if (line[0] === ':') return undefined;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value[0] === ' ') value = value.slice(1);
    if (field === 'event') this.#event = value;
    else if (field === 'data') {
      this.#dataChars += value.length + 1;
      if (this.#dataChars > this.#max) this.#spoiled = true;
      else this.#data.push(value);
    } else if (field === 'retry' && /^\d+$/.test(value)) this.retry = Number(value);
    // `id` and unknown fields: nothing the widget uses.
    return undefined;
  }

  #dispatch(): StreamEvent | undefined {
    const event = { event: this.#event || 'message', data: this.#data.join('\n') };
    const any = this.#data.length > 0 && !this.#spoiled;
    this.#event = '';
    this.#data = [];
    this.#dataChars = 0;
    this.#spoiled = false;
    return any ? event : undefined;
  }
}
