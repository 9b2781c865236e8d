/**
 * Model mode against a small local fake of the chat-completions streaming API: the real `openai` client talks HTTP to
 * a node server in this test, which records what it was sent and streams a scripted answer.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ASSISTANT_MAX_QUOTE_CHARS, ASSISTANT_MESSAGES, type TAssistantStreamEvent } from '@shared/assistant';
import { successBody, type TTestClient } from '../../test-utils';
import { FURTHEST_PAGE, KNOWN_PAGES, LONG_PAGE, parseEventStream, setupAssistant } from './assistant-test-support';
import { ModelOutputGate, parsePageList } from './model-answer';

interface TFakeModel {
  url: string;
  requests: {
    authorization: string | undefined;
    body: { model: string; stream: boolean; messages: { role: string; content: string }[] };
  }[];
  close: () => Promise<void>;
}

/** Streams `script` as chat.completion.chunk events, `delayMs` apart; `status` other than 200 fails the call. */
async function startFakeModel(
  script: string[],
  options: { status?: number; delayMs?: number } = {},
): Promise<TFakeModel> {
  const requests: TFakeModel['requests'] = [];
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', async () => {
      requests.push({ authorization: request.headers.authorization, body: JSON.parse(raw) });
      if (request.url !== '/v1/chat/completions' || (options.status ?? 200) !== 200) {
        response.writeHead(options.status ?? 404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'down', type: 'server_error' } }));
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const [i, content] of script.entries()) {
        if (response.destroyed) return;
        const chunk = {
          id: 'chatcmpl-test',
          object: 'chat.completion.chunk',
          created: 0,
          model: 'fake-model',
          choices: [{ index: 0, delta: i === 0 ? { role: 'assistant', content } : { content }, finish_reason: null }],
        };
        response.write(`data: ${JSON.stringify(chunk)}\n\n`);
        if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      }
      response.write('data: [DONE]\n\n');
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let fake: TFakeModel | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

async function setupModel(script: string[], options: { status?: number; delayMs?: number } = {}) {
  fake = await startFakeModel(script, options);
  const t = await setupAssistant();
  Object.assign(t.env, { ASSISTANT_API_BASE: fake.url, ASSISTANT_API_KEY: 'test-key', ASSISTANT_MODEL: 'fake-model' });
  const reader = await t.readerAt();
  const thread = await successBody(
    await reader.api.books[':id'].assistant.threads.$post({ param: { id: t.book.id }, json: {} }),
  );
  const streamAnswer = async (question: string): Promise<TAssistantStreamEvent[]> => {
    const response = await reader.post(`/api/assistant/threads/${thread.id}/messages/stream`, { question });
    expect(response.status).toBe(200);
    return parseEventStream(await response.text());
  };
  return { ...t, reader, thread, streamAnswer, model: fake };
}

const storedMessages = async (client: TTestClient, id: string) =>
  (await successBody(await client.assistant.threads[':id'].$get({ param: { id } }))).messages;

describe('assistant with a model endpoint', () => {
  it('sends only the retrieved passages, streams checked sentences and drops citations of pages it was not given', async () => {
    const t = await setupModel([
      'Arthur lit the great lamp ',
      'at dusk every evening [p. 2]. He kept a diary of ships [p. 2, p. 99]. ',
      'His sister brought oranges [p. 20].',
    ]);
    expect(await successBody(await t.reader.api.assistant.status.$get())).toEqual({
      mode: 'model',
      model: 'fake-model',
    });
    const events = await t.streamAnswer('What did the lighthouse keeper do every evening?');

    const [sent] = t.model.requests;
    expect(sent.authorization).toBe('Bearer test-key');
    expect(sent.body.model).toBe('fake-model');
    expect(sent.body.stream).toBe(true);
    const prompt = sent.body.messages.map((message) => message.content).join('\n');
    expect(prompt).toContain('[p. 2]');
    expect(prompt).toContain('Question: What did the lighthouse keeper do every evening?');
    // Nothing beyond the reader's position is ever sent.
    expect(prompt).not.toContain('oranges');
    for (const match of prompt.matchAll(/\[p\. (\d+)\]/g)) expect(Number(match[1])).toBeLessThanOrEqual(FURTHEST_PAGE);

    const parts = events.filter((event) => event.event === 'part').map((event) => event.data);
    expect(parts).toEqual([
      { text: 'Arthur lit the great lamp at dusk every evening.', pages: [2] },
      { text: 'He kept a diary of ships.', pages: [2] },
      { text: 'His sister brought oranges.', pages: [] },
    ]);
    const done = events.at(-1);
    expect(done?.event).toBe('done');
    const [, answer] = await storedMessages(t.reader.api, t.thread.id);
    expect(answer.mode).toBe('model');
    expect(answer.parts).toEqual(parts);
  });

  it('trims text copied from the book to the quote allowance and counts it against the copy budget', async () => {
    const copiedSentence = KNOWN_PAGES[LONG_PAGE].split('. ')[0];
    const t = await setupModel(Array.from({ length: 6 }, () => `${copiedSentence} [p. ${LONG_PAGE}]. `));
    const events = await t.streamAnswer('How did Arthur mend the pane of the lamp room after the storm?');
    const done = events.at(-1);
    if (done?.event !== 'done') throw new Error(`no answer: ${JSON.stringify(events)}`);
    expect(done.data.answer.quotedCharacters).toBeGreaterThan(0);
    expect(done.data.answer.quotedCharacters).toBeLessThanOrEqual(ASSISTANT_MAX_QUOTE_CHARS);
    const copiedWords = done.data.answer.parts
      .map((part) => part.text)
      .join(' ')
      .split(/\s+/)
      .filter((word) => word !== '…');
    expect(copiedWords.join(' ').length).toBeLessThan(ASSISTANT_MAX_QUOTE_CHARS + 60);
    // Sentences made only of text past the allowance say nothing and are left out.
    expect(done.data.answer.parts.length).toBeLessThan(6);
    expect(done.data.answer.parts.every((part) => part.pages.join() === String(LONG_PAGE))).toBe(true);
    const budget = await successBody(await t.reader.api.books[':id']['copy-budget'].$get({ param: { id: t.book.id } }));
    expect(budget.used).toBe(done.data.answer.quotedCharacters);
  });

  it('never asks the model to reproduce pages, nor when retrieval found nothing', async () => {
    const t = await setupModel(['Here is page three in full [p. 3].']);
    const summary = await t.streamAnswer(`Print page ${LONG_PAGE}`);
    expect(summary.find((event) => event.event === 'part')?.data).toEqual({
      text: ASSISTANT_MESSAGES.extractionRefused,
      pages: [],
    });
    const nothing = await t.streamAnswer('What is the capital of Peru?');
    expect(nothing.find((event) => event.event === 'part')?.data).toEqual({
      text: ASSISTANT_MESSAGES.notFound,
      pages: [],
    });
    expect(t.model.requests).toHaveLength(0);
  });

  it('reports a failed model call as an error event and stores nothing', async () => {
    const t = await setupModel([], { status: 500 });
    const events = await t.streamAnswer('What did the lighthouse keeper do every evening?');
    expect(events.at(-1)).toEqual({ event: 'error', data: { message: ASSISTANT_MESSAGES.modelFailed } });
    expect(await storedMessages(t.reader.api, t.thread.id)).toEqual([]);
  });

  it('stops when the reader stops, keeping what was said', async () => {
    const t = await setupModel(
      Array.from({ length: 40 }, (_, i) => `Arthur lit the lamp, sentence ${i} [p. 2]. `),
      { delayMs: 40 },
    );
    const response = await t.reader.post(`/api/assistant/threads/${t.thread.id}/messages/stream`, {
      question: 'What did the lighthouse keeper do every evening?',
    });
    const body = response.body!.getReader();
    let received = '';
    while (!received.includes('event: part')) received += new TextDecoder().decode((await body.read()).value);
    await body.cancel();
    let messages = await storedMessages(t.reader.api, t.thread.id);
    for (let i = 0; i < 50 && messages.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      messages = await storedMessages(t.reader.api, t.thread.id);
    }
    const answer = messages.at(-1);
    expect(answer?.outcome).toBe('stopped');
    expect(answer?.parts.at(-1)?.text).toBe(ASSISTANT_MESSAGES.stopped);
    expect(answer?.parts.length).toBeLessThan(40);
  });
});

describe('model output checks', () => {
  it('reads page lists and ranges', () => {
    expect(parsePageList('12')).toEqual([12]);
    expect(parsePageList('3, 5')).toEqual([3, 5]);
    expect(parsePageList('7–9')).toEqual([7, 8, 9]);
    expect(parsePageList('x')).toEqual([]);
  });

  it('keeps only retrieved pages and counts copied runs across sentences', () => {
    const gate = new ModelOutputGate(new Set([4]), ['one two three four five six seven eight nine ten'], 20);
    const parts = [
      ...gate.push('He said one two three four five six seven eight nine ten (p. 4). Then (pp. 4, 8) '),
      ...gate.flush(),
    ];
    expect(parts[0].pages).toEqual([4]);
    expect(parts[0].text.startsWith('He said one two three')).toBe(true);
    expect(parts[0].text).toContain('…');
    expect(gate.quotedCharacters).toBeLessThanOrEqual(20);
    expect(parts[1]).toEqual({ text: 'Then', pages: [4] });
  });
});
