/**
 * Reads the assistant's server-sent events from a fetch body (EventSource cannot POST): blocks separated by a blank
 * line, `event:` naming the kind and `data:` lines holding JSON (docs/product/assistant.md#streaming).
 */
import type { TAssistantStreamEvent } from '@shared/assistant';

const KINDS = new Set(['scope', 'part', 'done', 'error']);

/** One block of the stream as an event, or null for comments, keep-alives and unknown kinds. */
export function parseEventBlock(block: string): TAssistantStreamEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  if (!KINDS.has(event) || data.length === 0) return null;
  try {
    return { event, data: JSON.parse(data.join('\n')) } as TAssistantStreamEvent;
  } catch {
    return null;
  }
}

export async function* readEventStream(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<TAssistantStreamEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    while (!signal?.aborted) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const blocks = buffer.split(/\r?\n\r?\n/);
      buffer = blocks.pop() ?? '';
      for (const block of blocks) {
        const event = parseEventBlock(block);
        if (event) yield event;
      }
    }
    const last = parseEventBlock(buffer + decoder.decode());
    if (last && !signal?.aborted) yield last;
  } finally {
    reader.releaseLock();
  }
}
