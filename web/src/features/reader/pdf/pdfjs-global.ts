/**
 * The pdf.js library, published as globalThis.pdfjsLib as soon as it is evaluated: pdf_viewer.mjs reads
 * it from there when it is evaluated itself, so pdfjs-modules.ts imports this module first.
 */
import * as lib from 'pdfjs-dist';

(globalThis as { pdfjsLib?: typeof lib }).pdfjsLib = lib;

export { lib };
