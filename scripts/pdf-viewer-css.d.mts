/** Types of scripts/pdf-viewer-css.mjs for vite.config.ts and its test. */
import type { Plugin } from 'vite';

/** A family of pdf.js's viewer styles, named by the selectors' classes, ids, attributes or elements. */
export interface TCssFamily {
  family: string;
  why: string;
  signatures: string[];
}
export const KEPT_FAMILIES: readonly TCssFamily[];
export const DROPPED_FAMILIES: readonly TCssFamily[];
export function selectorAlternatives(selectorList: string): Set<string>[];
export function familyOf(names: Set<string>, families: readonly TCssFamily[]): string | null;
export function isReaderSelector(selector: string): boolean;
export function referencedProperties(value: string): string[];
export function keepReaderViewerCss(css: string): string;
export function pdfViewerCssForReader(): Plugin;
