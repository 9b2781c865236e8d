/**
 * The screenshot mark end to end without a browser: a picture drawn from the reader's own tile
 * (watermark-pattern.ts), with lines of "text" over it, saved as a PNG and read back by the script.
 * e2e/reader-watermark.spec.ts does the same with a real screenshot of the reader.
 */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import * as pattern from '../web/src/features/reader/watermark-pattern';
import * as decoder from './decode-watermark.mjs';

const LOAN_ID = '1c6b685f-4ffe-4aca-9844-0ca35ab9c362';

function crcTable(): number[] {
  return Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
}
const TABLE = crcTable();
function crc32(buffer: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buffer) c = TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG of a page: background, the mark at `opacity` of black, and dark "text" lines. */
function screenshot({
  width,
  height,
  scale,
  opacity,
  background = 250,
  loanId = LOAN_ID,
  withMark = true,
}: {
  width: number;
  height: number;
  scale: number;
  opacity: number;
  background?: number;
  loanId?: string;
  withMark?: boolean;
}): Buffer {
  const tile = pattern.watermarkTile(loanId);
  const cell = pattern.CELL_CSS_PX * scale;
  const rows: Buffer[] = [];
  let seed = 7;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    // Filter "Sub" on odd rows, none on even ones: both paths of the reader.
    row[0] = y % 2;
    const isTextLine = y % 28 > 6 && y % 28 < 20;
    let previous = [0, 0, 0];
    for (let x = 0; x < width; x++) {
      const cellRow = Math.floor(y / cell) % pattern.TILE_ROWS;
      const cellColumn = Math.floor(x / cell) % pattern.TILE_COLUMNS;
      let value = background;
      if (withMark && tile[cellRow][cellColumn]) value = Math.round(value * (1 - opacity));
      if (isTextLine && random() < 0.35) value = 30;
      const pixel = [value, value, value];
      for (let channel = 0; channel < 3; channel++) {
        row[1 + x * 3 + channel] = row[0] === 1 ? (pixel[channel] - previous[channel]) & 0xff : pixel[channel];
      }
      previous = pixel;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('decode-watermark', () => {
  it('uses the same layout as the reader draws', () => {
    expect(decoder.CELL_CSS_PX).toBe(pattern.CELL_CSS_PX);
    expect(decoder.TILE_COLUMNS).toBe(pattern.TILE_COLUMNS);
    expect(decoder.TILE_ROWS).toBe(pattern.TILE_ROWS);
    expect(decoder.PAYLOAD_BYTES).toBe(pattern.PAYLOAD_BYTES);
  });

  it('reads the loan id from a page full of text, at a phone scale and a desktop one', () => {
    for (const scale of [2, 1]) {
      const image = decoder.decodePng(screenshot({ width: 420, height: 640, scale, opacity: 0.012 }));
      expect(decoder.decodeWatermark(image)?.loanId).toBe(LOAN_ID);
    }
  });

  it('reads it at a fractional scale (browser zoom)', () => {
    const image = decoder.decodePng(screenshot({ width: 500, height: 500, scale: 1.25, opacity: 0.02 }));
    expect(decoder.decodeWatermark(image)?.loanId).toBe(LOAN_ID);
  });

  it('finds nothing where there is no mark, and never a wrong loan', () => {
    const image = decoder.decodePng(screenshot({ width: 300, height: 300, scale: 2, opacity: 0, withMark: false }));
    expect(decoder.decodeWatermark(image)).toBeNull();
  });
});
