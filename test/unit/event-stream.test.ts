import { describe, expect, it } from 'vitest';
import { EventStreamParser } from '../../src/runtime/event-stream';

/** Feeds the text in the given pieces; returns every event and the parser. */
function parse(pieces: string[], max?: number) {
  const parser = new EventStreamParser(max);
  const events = pieces.flatMap((piece) => parser.push(piece));
  return { events, parser };
}

describe('text/event-stream parsing (runtime/event-stream.ts)', () => {
  it('reads the decision endpoint’s stream: retry, a comment, heartbeats, one decision event', () => {
    const stream =
      'retry: 3000\n: waiting for the decision\n\n: heartbeat\n\n' +
      'event: decision\ndata: {"decision":"approved","provider":"persona"}\n\n';
    const { events, parser } = parse([stream]);
    expect(events).toEqual([{ event: 'decision', data: '{"decision":"approved","provider":"persona"}' }]);
    expect(parser.retry).toBe(3000);
  });

  it('the same events however the bytes are split, CRLF and CR line ends included', () => {
    const text = 'event: decision\r\ndata: a\r\ndata: b\r\n\r\ndata:c\rdata: d\r\revent:x\ndata\n\n';
    const whole = parse([text]).events;
    expect(whole).toEqual([
      { event: 'decision', data: 'a\nb' },
      { event: 'message', data: 'c\nd' },
      { event: 'x', data: '' },
    ]);
    for (let cut = 1; cut < text.length; cut++) {
      expect(parse([text.slice(0, cut), text.slice(cut)]).events, `cut at ${cut}`).toEqual(whole);
    }
    expect(parse(text.split('')).events).toEqual(whole);
  });

  it('one space after the colon is dropped, not two; a leading BOM is not content; unknown fields are ignored', () => {
    const { events } = parse(['\uFEFFdata:  two\nid: 7\nfoo: bar\n\n']);
    expect(events).toEqual([{ event: 'message', data: ' two' }]);
  });

  it('an event with no data is not dispatched; the event name does not leak into the next event', () => {
    expect(parse(['event: decision\n\ndata: x\n\n']).events).toEqual([{ event: 'message', data: 'x' }]);
  });

  it('an unfinished event at the end of the stream is not dispatched', () => {
    expect(parse(['event: decision\ndata: {"decision":"approved"}\n']).events).toEqual([]);
  });

  it('retry: digits only', () => {
    expect(parse(['retry: 10s\n\n']).parser.retry).toBeUndefined();
    expect(parse(['retry: 250\n\nretry: -1\n\n']).parser.retry).toBe(250);
  });

  it('bounded: a line or an event over the bound is dropped whole, and the stream goes on', () => {
    const max = 100;
    const huge = `event: decision\ndata: ${'x'.repeat(500)}\n\nevent: decision\ndata: ok\n\n`;
    expect(parse([huge], max).events).toEqual([{ event: 'decision', data: 'ok' }]);
    // Over the bound in many small pieces, without a line end for a long while: nothing is held beyond the bound.
    const parser = new EventStreamParser(max);
    expect(parser.push('data: ')).toEqual([]);
    for (let i = 0; i < 1000; i++) expect(parser.push('y'.repeat(50))).toEqual([]);
    expect(parser.push('\n\ndata: after\n\n')).toEqual([{ event: 'message', data: 'after' }]);
    // Any field's line counts, not only data: an event named by 100 000 characters is not dispatched either.
    expect(parse([`event: ${'n'.repeat(100_000)}\ndata: x\n\ndata: y\n\n`], max).events).toEqual([
      { event: 'message', data: 'y' },
    ]);
    // Many data lines, each under the bound, that add up to more than it: the event is dropped.
    const lines = `${'data: 0123456789\n'.repeat(20)}\ndata: next\n\n`;
    expect(parse([lines], max).events).toEqual([{ event: 'message', data: 'next' }]);
  });
});
