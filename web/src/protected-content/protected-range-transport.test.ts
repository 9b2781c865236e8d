// The legacy build: Node 20 (the test runtime) lacks APIs the modern build expects (Promise.withResolvers).
import { PDFDataRangeTransport } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it, vi } from 'vitest';
import { createChunkSource, type CiphertextFetcher } from './chunk-source';
import { createProtectedRangeTransport } from './protected-range-transport';
import { encryptBook, makePlainBook } from './protected-test-support';
import { ReaderError } from '@web/lib/reader-error';

async function setup(options: { tamperChunk?: number; size?: number } = {}) {
  const plaintext = makePlainBook(options.size ?? 3500);
  const book = await encryptBook(plaintext, { bookId: 'book-1', chunkSize: 1000 });
  const key = await crypto.subtle.importKey('raw', book.rawKey, { name: 'AES-GCM' }, false, ['decrypt']);
  const fetched: number[] = [];
  const fetcher: CiphertextFetcher = {
    async fetchChunk(index) {
      fetched.push(index);
      const bytes = new Uint8Array(book.chunks[index].slice(0));
      if (index === options.tamperChunk) bytes[0] ^= 1;
      return bytes.buffer;
    },
  };
  const source = createChunkSource({ manifest: book.manifest, key, fetcher });
  return { plaintext, source, fetched };
}

function listen(transport: PDFDataRangeTransport) {
  const ranges: { begin: number; bytes: Uint8Array }[] = [];
  let notify: () => void = () => undefined;
  transport.addRangeListener((begin: number, chunk: Uint8Array) => {
    ranges.push({ begin, bytes: chunk });
    notify();
  });
  const next = (count: number) =>
    new Promise<void>((resolve) => {
      notify = () => {
        if (ranges.length >= count) resolve();
      };
      notify();
    });
  return { ranges, next };
}

describe('protected range transport', () => {
  it('is a pdf.js PDFDataRangeTransport carrying the length and the first chunk', async () => {
    const { plaintext, source } = await setup();
    const initialData = await source.readChunk(0);
    const transport = createProtectedRangeTransport(PDFDataRangeTransport, { source, initialData });
    expect(transport).toBeInstanceOf(PDFDataRangeTransport);
    expect(transport.length).toBe(3500);
    expect(transport.initialData).toEqual(plaintext.slice(0, 1000));
    expect(transport.progressiveDone).toBe(false);
    // The subclass is made once per pdf.js class.
    expect(
      Object.getPrototypeOf(createProtectedRangeTransport(PDFDataRangeTransport, { source, initialData: null })),
    ).toBe(Object.getPrototypeOf(transport));
  });

  it('says the whole file has arrived when the first chunk is the whole book', async () => {
    const { source } = await setup({ size: 800 });
    const transport = createProtectedRangeTransport(PDFDataRangeTransport, {
      source,
      initialData: await source.readChunk(0),
    });
    expect(transport.progressiveDone).toBe(true);
  });

  it('answers requestDataRange with exactly the bytes asked for, at the begin asked for', async () => {
    const { plaintext, source } = await setup();
    const transport = createProtectedRangeTransport(PDFDataRangeTransport, { source, initialData: null });
    const { ranges, next } = listen(transport);
    transport.requestDataRange(3000, 3500);
    transport.requestDataRange(1000, 3000);
    await next(2);
    const byBegin = new Map(ranges.map((range) => [range.begin, range.bytes]));
    expect(byBegin.get(3000)).toEqual(plaintext.slice(3000, 3500));
    expect(byBegin.get(1000)).toEqual(plaintext.slice(1000, 3000));
  });

  it('reports a failed range to the caller instead of leaving pdf.js waiting silently', async () => {
    const { source } = await setup({ tamperChunk: 2 });
    const onError = vi.fn();
    const transport = createProtectedRangeTransport(PDFDataRangeTransport, { source, initialData: null, onError });
    const { ranges, next } = listen(transport);
    transport.requestDataRange(2000, 3000);
    transport.requestDataRange(1000, 2000);
    await next(1);
    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    const error = onError.mock.calls[0][0] as ReaderError;
    expect(error).toBeInstanceOf(ReaderError);
    expect(error.code).toBe('decrypt_failed');
    expect(transport.failure).toBe(error);
    expect(ranges.map((range) => range.begin)).toEqual([1000]);
  });

  it('survives pdf.js refusing bytes for a cancelled range, and delivers nothing after close', async () => {
    const { source, fetched } = await setup();
    const transport = createProtectedRangeTransport(PDFDataRangeTransport, { source, initialData: null });
    const delivered = vi.fn(() => {
      throw new Error('#onReceiveData - no `PDFDataTransportStreamRangeReader` instance found.');
    });
    const stillListening = vi.fn();
    transport.addRangeListener(delivered);
    transport.addRangeListener(stillListening);
    transport.requestDataRange(0, 1000);
    await vi.waitFor(() => expect(stillListening).toHaveBeenCalledTimes(1));
    expect(delivered).toHaveBeenCalledTimes(1);

    const quiet = vi.fn();
    const closedTransport = createProtectedRangeTransport(PDFDataRangeTransport, {
      source,
      initialData: null,
      onError: quiet,
    });
    closedTransport.addRangeListener(quiet);
    closedTransport.requestDataRange(1000, 2000);
    closedTransport.close();
    closedTransport.requestDataRange(2000, 3000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(quiet).not.toHaveBeenCalled();
    expect(fetched).not.toContain(2);
  });
});
