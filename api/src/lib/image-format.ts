/** The raster image formats accepted for avatars and book covers, recognised by their magic bytes. */
export type TImageFormat = { mimeType: 'image/png' | 'image/jpeg' | 'image/webp'; extension: 'png' | 'jpg' | 'webp' };

export const IMAGE_FORMATS = {
  png: { mimeType: 'image/png', extension: 'png' },
  jpg: { mimeType: 'image/jpeg', extension: 'jpg' },
  webp: { mimeType: 'image/webp', extension: 'webp' },
} as const satisfies Record<string, TImageFormat>;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => Array.from(text, (character) => character.charCodeAt(0));

/** The image format from its magic bytes, or null for anything else (SVG, GIF, text named .png ...). */
export function sniffImageFormat(bytes: Uint8Array): TImageFormat | null {
  if (startsWith(bytes, PNG_SIGNATURE) && startsWith(bytes, ascii('IHDR'), 12)) return IMAGE_FORMATS.png;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return IMAGE_FORMATS.jpg;
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return IMAGE_FORMATS.webp;
  return null;
}
