#!/usr/bin/env node
/**
 * Draws the Wonderful Books app icons (an open book with an amber ribbon on the ink-blue brand colour)
 * and writes them as PNGs into public/icons/. No image packages: shapes are rasterised here with 4x4
 * supersampling and encoded with node:zlib. Run `node scripts/make-icons.mjs` after changing the mark;
 * the PNGs are committed so builds do not depend on this script.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

const INK = [0x1f, 0x3a, 0x5f];
const PAPER = [0xfa, 0xf7, 0xf2];
const AMBER = [0xb4, 0x53, 0x09];
const SUPERSAMPLE = 4;

/** The mark in a unit square; pages and ribbon are polygons, so the same data drives favicon.svg. */
const LEFT_PAGE = [
  [0.18, 0.3],
  [0.47, 0.36],
  [0.47, 0.77],
  [0.18, 0.71],
];
const RIGHT_PAGE = LEFT_PAGE.map(([x, y]) => [1 - x, y]);
const RIBBON = [
  [0.6, 0.31],
  [0.7, 0.29],
  [0.7, 0.56],
  [0.65, 0.51],
  [0.6, 0.57],
];

function isInsidePolygon(x, y, polygon) {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i];
    const [xj, yj] = polygon[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function isInsideRoundedSquare(x, y, radius) {
  const cx = Math.min(Math.max(x, radius), 1 - radius);
  const cy = Math.min(Math.max(y, radius), 1 - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

/**
 * @param {number} size pixels per side
 * @param {{ fullBleed: boolean, markScale: number }} options full-bleed icons fill the square (maskable
 *   icons, which launchers crop to circles or squircles, and the iOS icon, which iOS rounds itself);
 *   markScale shrinks the mark so it stays inside the maskable safe zone (a circle of radius 40 %).
 */
function drawIcon(size, { fullBleed, markScale }) {
  const pixels = Buffer.alloc(size * size * 4);
  const toMark = (value) => (value - 0.5) / markScale + 0.5;
  const samples = SUPERSAMPLE * SUPERSAMPLE;

  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const x = (px + (sx + 0.5) / SUPERSAMPLE) / size;
          const y = (py + (sy + 0.5) / SUPERSAMPLE) / size;
          const isBackground = fullBleed || isInsideRoundedSquare(x, y, 0.22);
          if (!isBackground) continue;
          const mx = toMark(x);
          const my = toMark(y);
          let colour = INK;
          if (isInsidePolygon(mx, my, RIBBON)) colour = AMBER;
          else if (isInsidePolygon(mx, my, LEFT_PAGE) || isInsidePolygon(mx, my, RIGHT_PAGE)) colour = PAPER;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          a += 1;
        }
      }
      const offset = (py * size + px) * 4;
      // Colours are averaged over covered samples only, so edges blend with transparency, not black.
      pixels[offset] = a ? Math.round(r / a) : 0;
      pixels[offset + 1] = a ? Math.round(g / a) : 0;
      pixels[offset + 2] = a ? Math.round(b / a) : 0;
      pixels[offset + 3] = Math.round((a / samples) * 255);
    }
  }
  return encodePng(size, size, pixels);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  const stride = width * 4;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (stride + 1)] = 0; // filter: none
    rgba.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function toSvgPoints(polygon) {
  return polygon.map(([x, y]) => `${+(x * 64).toFixed(2)},${+(y * 64).toFixed(2)}`).join(' ');
}

function faviconSvg() {
  const hex = (c) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <title>Wonderful Books</title>
  <rect width="64" height="64" rx="14" fill="${hex(INK)}"/>
  <polygon points="${toSvgPoints(LEFT_PAGE)}" fill="${hex(PAPER)}"/>
  <polygon points="${toSvgPoints(RIGHT_PAGE)}" fill="${hex(PAPER)}"/>
  <polygon points="${toSvgPoints(RIBBON)}" fill="${hex(AMBER)}"/>
</svg>
`;
}

const publicDir = path.resolve(import.meta.dirname, '..', 'public');
mkdirSync(path.join(publicDir, 'icons'), { recursive: true });
const outputs = [
  ['icons/icon-192.png', drawIcon(192, { fullBleed: false, markScale: 1 })],
  ['icons/icon-512.png', drawIcon(512, { fullBleed: false, markScale: 1 })],
  ['icons/icon-maskable-512.png', drawIcon(512, { fullBleed: true, markScale: 0.75 })],
  ['icons/apple-touch-icon-180.png', drawIcon(180, { fullBleed: true, markScale: 0.85 })],
  ['favicon.svg', faviconSvg()],
];
for (const [name, data] of outputs) {
  writeFileSync(path.join(publicDir, name), data);
  process.stdout.write(`wrote public/${name}\n`);
}
