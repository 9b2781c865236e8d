#!/usr/bin/env node
/**
 * Reads the loan id back from a screenshot of the reader (docs/product/copy-budget.md#watermark).
 *
 *   node scripts/decode-watermark.mjs screenshot.png
 *
 * prints the loan id (and how sure the decoder is), or says that no mark was found. The mark is the
 * faint tiled pattern of web/src/features/reader/watermark-pattern.ts: TILE_COLUMNS x TILE_ROWS cells of
 * CELL_CSS_PX CSS pixels, column 0 all marked, row 0 marked at even columns, then the 16 bytes of the
 * loan id and their CRC-16, row by row. The constants are repeated here (scripts/decode-watermark.test.ts
 * checks they agree) so the script runs with plain Node and no build.
 *
 * How: the picture's lightness minus its local average leaves the pattern (and the text); the tile
 * repeats, so every copy is folded onto one tile and averaged, which drowns the text. The scale
 * (device pixels per CSS pixel: 1, 1.25, 2, 2.625, 3, ...) and where a tile starts are not known, so
 * every candidate is tried, and of those whose sync cells stand out most the first whose CRC-16 holds
 * is the answer.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';

export const CELL_CSS_PX = 3;
export const TILE_COLUMNS = 18;
export const TILE_ROWS = 10;
export const PAYLOAD_BYTES = 16;

/** Device pixel ratios of common screens and browser zoom levels. */
const SCALES = [1, 1.1, 1.25, 1.5, 1.75, 2, 2.25, 2.5, 2.625, 2.75, 3, 3.5, 4];
/** Samples per cell side in the fold. */
const SUB = 4;
/** Differences from the local average beyond this (text strokes, pictures) count only this much. */
const CLIP = 24;

/** Decodes an 8-bit, non-interlaced PNG (what browsers and operating systems write for screenshots). */
export function decodePng(buffer) {
  const signature = '89504e470d0a1a0a';
  if (buffer.subarray(0, 8).toString('hex') !== signature) throw new Error('Not a PNG file.');
  let offset = 8;
  let width = 0;
  let height = 0;
  let colorType = 0;
  let bitDepth = 0;
  let interlace = 0;
  let palette = null;
  const data = [];
  while (offset < buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString('ascii', offset + 4, offset + 8);
    const body = buffer.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      bitDepth = body[8];
      colorType = body[9];
      interlace = body[12];
    } else if (type === 'PLTE') palette = body;
    else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  if (bitDepth !== 8 || interlace !== 0) throw new Error('Only 8-bit, non-interlaced PNGs are supported.');
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colorType];
  if (!channels) throw new Error(`Unsupported PNG colour type ${colorType}.`);
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = pixels.subarray(y * stride, (y + 1) * stride);
    const previous = y > 0 ? pixels.subarray((y - 1) * stride, y * stride) : null;
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? out[x - channels] : 0;
      const b = previous ? previous[x] : 0;
      const c = previous && x >= channels ? previous[x - channels] : 0;
      let value = line[x];
      if (filter === 1) value += a;
      else if (filter === 2) value += b;
      else if (filter === 3) value += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        value += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      out[x] = value & 0xff;
    }
  }
  const luminance = new Float32Array(width * height);
  for (let index = 0; index < width * height; index++) {
    let r;
    let g;
    let b;
    if (colorType === 3) {
      const entry = pixels[index] * 3;
      r = palette[entry];
      g = palette[entry + 1];
      b = palette[entry + 2];
    } else if (channels <= 2) {
      r = g = b = pixels[index * channels];
    } else {
      r = pixels[index * channels];
      g = pixels[index * channels + 1];
      b = pixels[index * channels + 2];
    }
    luminance[index] = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  }
  return { width, height, luminance };
}

/**
 * Lightness minus the local background, clipped. The background of a block of the picture is the
 * mean of the levels near its median (the text, far from it, is left out; the mark's two tints
 * average out), smoothed between blocks.
 */
function highPass({ width, height, luminance }, block) {
  const blocksX = Math.ceil(width / block);
  const blocksY = Math.ceil(height / block);
  const medians = new Float32Array(blocksX * blocksY);
  const histogram = new Uint32Array(256);
  for (let by = 0; by < blocksY; by++) {
    for (let bx = 0; bx < blocksX; bx++) {
      histogram.fill(0);
      let count = 0;
      for (let y = by * block; y < Math.min(height, (by + 1) * block); y++) {
        for (let x = bx * block; x < Math.min(width, (bx + 1) * block); x++) {
          histogram[Math.round(luminance[y * width + x])]++;
          count++;
        }
      }
      let seen = 0;
      let median = 0;
      while (median < 255 && seen + histogram[median] < count / 2) seen += histogram[median++];
      // The mean of what lies near the median: the middle of the mark's two tints, without the text.
      let sum = 0;
      let weight = 0;
      for (let level = Math.max(0, median - CLIP); level <= Math.min(255, median + CLIP); level++) {
        sum += level * histogram[level];
        weight += histogram[level];
      }
      medians[by * blocksX + bx] = weight ? sum / weight : median;
    }
  }
  const result = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const fy = Math.min(blocksY - 1, Math.max(0, (y + 0.5) / block - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(blocksY - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(blocksX - 1, Math.max(0, (x + 0.5) / block - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(blocksX - 1, x0 + 1);
      const tx = fx - x0;
      const top = medians[y0 * blocksX + x0] * (1 - tx) + medians[y0 * blocksX + x1] * tx;
      const bottom = medians[y1 * blocksX + x0] * (1 - tx) + medians[y1 * blocksX + x1] * tx;
      const difference = luminance[y * width + x] - (top * (1 - ty) + bottom * ty);
      result[y * width + x] = Math.max(-CLIP, Math.min(CLIP, difference));
    }
  }
  return result;
}

/** Histogram bins per level of lightness difference, for the medians of the fold. */
const BINS_PER_LEVEL = 4;
const BINS = 2 * CLIP * BINS_PER_LEVEL + 1;

/**
 * Folds the picture onto one tile at this scale: the median per sample position. A median, not an
 * average: the text covers a minority of the copies of each position, and the median ignores it.
 */
function fold(image, detail, scale) {
  const cell = CELL_CSS_PX * scale;
  const tileWidth = TILE_COLUMNS * cell;
  const tileHeight = TILE_ROWS * cell;
  const columns = TILE_COLUMNS * SUB;
  const rows = TILE_ROWS * SUB;
  const histograms = new Uint32Array(columns * rows * BINS);
  const counts = new Uint32Array(columns * rows);
  const columnOf = new Int32Array(image.width);
  for (let x = 0; x < image.width; x++) columnOf[x] = Math.floor((((x + 0.5) % tileWidth) / cell) * SUB) % columns;
  for (let y = 0; y < image.height; y++) {
    const row = Math.floor((((y + 0.5) % tileHeight) / cell) * SUB) % rows;
    for (let x = 0; x < image.width; x++) {
      const index = row * columns + columnOf[x];
      const bin = Math.round((detail[y * image.width + x] + CLIP) * BINS_PER_LEVEL);
      histograms[index * BINS + bin]++;
      counts[index]++;
    }
  }
  const folded = new Float64Array(columns * rows);
  for (let index = 0; index < columns * rows; index++) {
    const half = counts[index] / 2;
    let seen = 0;
    let bin = 0;
    while (bin < BINS - 1 && seen + histograms[index * BINS + bin] < half) {
      seen += histograms[index * BINS + bin];
      bin++;
    }
    folded[index] = bin / BINS_PER_LEVEL - CLIP;
  }
  return folded;
}

/** Cell values of the folded tile for a tile starting at sample (rowStart, columnStart). */
function cellsAt(folded, rowStart, columnStart) {
  const columns = TILE_COLUMNS * SUB;
  const rows = TILE_ROWS * SUB;
  const cells = [];
  for (let row = 0; row < TILE_ROWS; row++) {
    const line = [];
    for (let column = 0; column < TILE_COLUMNS; column++) {
      // The middle samples of the cell: its edges blur into the neighbours.
      let sum = 0;
      for (let dy = 1; dy < SUB - 1; dy++) {
        for (let dx = 1; dx < SUB - 1; dx++) {
          const y = (rowStart + row * SUB + dy) % rows;
          const x = (columnStart + column * SUB + dx) % columns;
          sum += folded[y * columns + x];
        }
      }
      line.push(sum / ((SUB - 2) * (SUB - 2)));
    }
    cells.push(line);
  }
  return cells;
}

function isSyncMarked(row, column) {
  return column === 0 || (row === 0 && column % 2 === 0);
}

/** How clearly the sync cells split into marked and unmarked (a t-like score), and which way. */
function syncScore(cells) {
  const marked = [];
  const unmarked = [];
  for (let column = 0; column < TILE_COLUMNS; column++) {
    (isSyncMarked(0, column) ? marked : unmarked).push(cells[0][column]);
  }
  for (let row = 1; row < TILE_ROWS; row++) marked.push(cells[row][0]);
  const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const spread = (values, center) => values.reduce((sum, value) => sum + (value - center) ** 2, 0) / values.length;
  const markedMean = mean(marked);
  const unmarkedMean = mean(unmarked);
  // A floor of a quarter level: a flawless but faint look-alike must not outscore the real tile.
  const noise = Math.max(0.25, Math.sqrt((spread(marked, markedMean) + spread(unmarked, unmarkedMean)) / 2));
  return { score: Math.abs(markedMean - unmarkedMean) / noise, markedMean, unmarkedMean };
}

function crc16(bytes) {
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

function readPayload(cells, markedMean, unmarkedMean) {
  const threshold = (markedMean + unmarkedMean) / 2;
  const isMarked = (value) => (markedMean < unmarkedMean ? value < threshold : value > threshold);
  const bits = [];
  for (let row = 1; row < TILE_ROWS; row++) {
    for (let column = 1; column < TILE_COLUMNS; column++) bits.push(isMarked(cells[row][column]));
  }
  const bytes = [];
  for (let index = 0; index < PAYLOAD_BYTES + 2; index++) {
    let byte = 0;
    for (let bit = 0; bit < 8; bit++) byte = (byte << 1) | (bits[index * 8 + bit] ? 1 : 0);
    bytes.push(byte);
  }
  const payload = bytes.slice(0, PAYLOAD_BYTES);
  const crcOk = crc16(payload) === ((bytes[PAYLOAD_BYTES] << 8) | bytes[PAYLOAD_BYTES + 1]);
  return { payload, crcOk };
}

export function formatLoanId(payload) {
  const hex = payload.map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Candidates read before giving up: the CRC-16 tells the true tile from a look-alike. */
const CANDIDATES = 60;

/** Finds and reads the mark in a decoded image; returns null when there is none to read. */
export function decodeWatermark(image, scales = SCALES) {
  const detail = highPass(image, 48);
  const candidates = [];
  const consider = (candidate) => {
    if (candidates.length < CANDIDATES) candidates.push(candidate);
    else if (candidate.score > candidates[candidates.length - 1].score) candidates[candidates.length - 1] = candidate;
    else return;
    candidates.sort((a, b) => b.score - a.score);
  };
  const tryScale = (scale) => {
    const folded = fold(image, detail, scale);
    for (let rowStart = 0; rowStart < TILE_ROWS * SUB; rowStart++) {
      for (let columnStart = 0; columnStart < TILE_COLUMNS * SUB; columnStart++) {
        const cells = cellsAt(folded, rowStart, columnStart);
        consider({ ...syncScore(cells), scale, cells });
      }
    }
  };
  const readBest = () => {
    for (const candidate of candidates) {
      const decoded = readPayload(candidate.cells, candidate.markedMean, candidate.unmarkedMean);
      if (decoded.crcOk)
        return { loanId: formatLoanId(decoded.payload), scale: candidate.scale, score: candidate.score };
    }
    return null;
  };
  for (const scale of scales) tryScale(scale);
  const found = readBest();
  if (found || candidates.length === 0) return found;
  // A scale between the common ones (browser zoom): look closer around the best few.
  const around = [...new Set(candidates.slice(0, 3).map((candidate) => candidate.scale))];
  for (const scale of around) {
    for (let step = -6; step <= 6; step++) if (step !== 0) tryScale(scale * (1 + step * 0.004));
  }
  return readBest();
}

export function decodeWatermarkFile(file) {
  return decodeWatermark(decodePng(fs.readFileSync(file)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) {
    process.stderr.write('Usage: node scripts/decode-watermark.mjs <screenshot.png>\n');
    process.exit(2);
  }
  const result = decodeWatermarkFile(file);
  if (!result) {
    process.stdout.write('No watermark found (or too damaged to read: the check sum does not match).\n');
    process.exit(1);
  }
  process.stdout.write(
    `Loan ${result.loanId}\n(scale ${result.scale.toFixed(3)} device pixels per CSS pixel, sync contrast ${result.score.toFixed(1)})\n`,
  );
}
