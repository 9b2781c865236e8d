/**
 * Content negotiation for response compression: which encoding a request's Accept-Encoding allows.
 * Brotli is preferred (smaller than gzip at the same cost to decode), then gzip; with neither, or no
 * header, the body goes out as it is.
 */
import { parseAccept } from 'hono/utils/accept';

export type ContentEncoding = 'br' | 'gzip';
export const CONTENT_ENCODINGS: readonly ContentEncoding[] = ['br', 'gzip'];

/** The preferred encoding among `available` that the header accepts (q > 0), or undefined for identity. */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  available: readonly ContentEncoding[] = CONTENT_ENCODINGS,
): ContentEncoding | undefined {
  if (!acceptEncoding || available.length === 0) return undefined;
  const accepted = parseAccept(acceptEncoding);
  const wildcardQ = accepted.find((entry) => entry.type === '*')?.q ?? 0;
  let best: { encoding: ContentEncoding; q: number } | undefined;
  for (const encoding of available) {
    const q = accepted.find((entry) => entry.type.toLowerCase() === encoding)?.q ?? wildcardQ;
    // `available` is in order of preference, so an equal q never displaces an earlier choice.
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

/** The Vary value a response needs when its body depends on Accept-Encoding, merged with any present. */
export function varyWithAcceptEncoding(current: string | null | undefined): string {
  if (!current) return 'Accept-Encoding';
  if (current === '*' || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(current)) return current;
  return `${current}, Accept-Encoding`;
}
