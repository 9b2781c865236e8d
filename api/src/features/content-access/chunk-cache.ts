/**
 * A byte-bounded LRU of encrypted chunks, so the chunk endpoint serves hot chunks from memory
 * instead of the blob store. Holds ciphertext only (safe to keep), keyed by book|version|index,
 * which never changes once a version is committed. Concurrent misses for one key share one load.
 */
/** Bytes on their own ArrayBuffer, which Response bodies and WebCrypto accept as they are. */
type Bytes = Uint8Array<ArrayBuffer>;

export class ChunkCache {
  private readonly entries = new Map<string, Bytes>();
  private readonly loading = new Map<string, Promise<Bytes | null>>();
  private bytes = 0;

  constructor(readonly maxBytes: number) {}

  get size(): number {
    return this.bytes;
  }

  get(key: string): Bytes | undefined {
    const value = this.entries.get(key);
    if (value) {
      // Re-insert: Map iteration order is insertion order, so the first entry is the least recent.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: Bytes): void {
    if (value.length > this.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytes -= previous.length;
    }
    this.entries.set(key, value);
    this.bytes += value.length;
    for (const [oldest, bytes] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= bytes.length;
    }
  }

  /** The cached value, or the result of `load` (cached when not null); one load per key at a time. */
  async getOrLoad(key: string, load: () => Promise<Bytes | null>): Promise<Bytes | null> {
    const hit = this.get(key);
    if (hit) return hit;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = load()
        .then((value) => {
          if (value) this.set(key, value);
          return value;
        })
        .finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}
