/**
 * pdf.js's PDFDataRangeTransport fed from a ChunkSource: pdf.js asks for byte ranges, the source
 * fetches, checks and decrypts the chunks behind them, and the plaintext goes to pdf.js in memory.
 * The first chunk is handed over up front (initialData) so the first page can render while the rest of
 * the book is still being fetched.
 *
 * pdfjs-dist is large and loaded lazily by the reader, so this module only imports its types: the
 * caller passes the PDFDataRangeTransport class of the same pdfjs-dist module it calls getDocument from
 * (getDocument checks `range instanceof PDFDataRangeTransport`).
 *
 * pdf.js has no way to fail a range request (its range reader just waits), so a failed range is
 * reported through onError; the reader then destroys the loading task and shows the error.
 */
import type { PDFDataRangeTransport } from 'pdfjs-dist';
import type { ChunkSource } from './chunk-source';
import { isAbortError, ReaderError, toReaderError } from '@web/lib/reader-error';

export type TPdfDataRangeTransportClass = typeof PDFDataRangeTransport;

export interface TProtectedRangeTransportOptions {
  source: ChunkSource;
  /** Plaintext of the book from byte 0 (normally chunk 0); pdf.js takes ownership of it. */
  initialData: Uint8Array<ArrayBuffer> | null;
  /** Called once per failed range with the reader's error (never for ranges of a closed book). */
  onError?: (error: ReaderError) => void;
}

export interface ProtectedRangeTransport extends PDFDataRangeTransport {
  /** The first error a range met, if any. */
  readonly failure: ReaderError | null;
  /** Stops answering pdf.js; pending ranges are dropped. */
  close(): void;
}

type TProtectedRangeTransportConstructor = new (options: TProtectedRangeTransportOptions) => ProtectedRangeTransport;

const subclasses = new WeakMap<TPdfDataRangeTransportClass, TProtectedRangeTransportConstructor>();

function defineSubclass(Base: TPdfDataRangeTransportClass): TProtectedRangeTransportConstructor {
  return class ProtectedRangeTransportImpl extends Base implements ProtectedRangeTransport {
    readonly #source: ChunkSource;
    readonly #onError: ((error: ReaderError) => void) | undefined;
    #closed = false;
    #failure: ReaderError | null = null;

    constructor(options: TProtectedRangeTransportOptions) {
      const { source, initialData } = options;
      const isWholeBook = !!initialData && initialData.byteLength >= source.length;
      super(source.length, initialData, isWholeBook);
      this.#source = source;
      this.#onError = options.onError;
    }

    get failure(): ReaderError | null {
      return this.#failure;
    }

    /**
     * pdf.js's stream throws when bytes arrive for a range it has cancelled (page closed, document
     * destroyed); one listener's throw must not keep the bytes from the others.
     */
    override addRangeListener(listener: (begin: number, chunk: Uint8Array) => void): void {
      super.addRangeListener((begin: number, chunk: Uint8Array) => {
        try {
          listener(begin, chunk);
        } catch {
          // Nobody wants these bytes any more.
        }
      });
    }

    override requestDataRange(begin: number, end: number): void {
      if (this.#closed) return;
      this.#source.read(begin, Math.min(end, this.#source.length)).then(
        (bytes) => {
          if (!this.#closed) this.onDataRange(begin, bytes);
        },
        (error: unknown) => {
          if (this.#closed || isAbortError(error)) return;
          const readerError = toReaderError(error);
          const failure =
            readerError instanceof ReaderError
              ? readerError
              : new ReaderError('network', readerError.message, { cause: error });
          this.#failure ??= failure;
          this.#onError?.(failure);
        },
      );
    }

    close(): void {
      this.#closed = true;
    }
  };
}

/** A PDFDataRangeTransport (subclass of the given pdf.js class) reading from the ChunkSource. */
export function createProtectedRangeTransport(
  Base: TPdfDataRangeTransportClass,
  options: TProtectedRangeTransportOptions,
): ProtectedRangeTransport {
  let Subclass = subclasses.get(Base);
  if (!Subclass) {
    Subclass = defineSubclass(Base);
    subclasses.set(Base, Subclass);
  }
  return new Subclass(options);
}
