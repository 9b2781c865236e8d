/** Types of scripts/decode-watermark.mjs for its test. */
export const CELL_CSS_PX: number;
export const TILE_COLUMNS: number;
export const TILE_ROWS: number;
export const PAYLOAD_BYTES: number;
export interface TDecodedImage {
  width: number;
  height: number;
  luminance: Float32Array;
}
export function decodePng(buffer: Buffer): TDecodedImage;
export function decodeWatermark(
  image: TDecodedImage,
  scales?: number[],
): { loanId: string; scale: number; score: number } | null;
export function decodeWatermarkFile(file: string): { loanId: string; scale: number; score: number } | null;
export function formatLoanId(payload: number[]): string;
