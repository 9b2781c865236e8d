import { describe, expect, it } from 'vitest';
import { parseEventBlock, readEventStream } from './event-stream';

function bodyOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe('assistant event stream', () => {
  it('reads events split anywhere across chunks, in order', async () => {
    const events = [];
    for await (const event of readEventStream(
      bodyOf([
        'event: scope\ndata: {"scope":{"lastPage":4,"totalPages":9,"wholeBook":false}}\n\nevent: pa',
        'rt\ndata: {"text":"“A quote.”","pages":[2]}\n',
        '\n: keep-alive\n\nevent: error\ndata: {"message":"Stopped"}\n\n',
      ]),
    ))
      events.push(event);
    expect(events).toEqual([
      { event: 'scope', data: { scope: { lastPage: 4, totalPages: 9, wholeBook: false } } },
      { event: 'part', data: { text: '“A quote.”', pages: [2] } },
      { event: 'error', data: { message: 'Stopped' } },
    ]);
  });

  it('ignores unknown kinds and data that is not JSON', () => {
    expect(parseEventBlock('event: other\ndata: {}')).toBeNull();
    expect(parseEventBlock('event: part\ndata: <b>not json')).toBeNull();
  });
});
