/**
 * Thresholds for the text view's reflow (docs/product/reader.md#text-view), measured by
 * scripts/reflow-quality.ts on demo books typeset as the seed does and on the real PDFs of content/pdfs.
 * `npx tsx scripts/reflow-quality.ts` prints the figures for every book.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureDemoBook, measureRealPdf, REAL_PDF_DIR } from './reflow-quality';

describe('text view reflow quality', () => {
  it('reflows demo books with their paragraphs and every word intact', { timeout: 120_000 }, async () => {
    for (const slug of ['as-a-man-thinketh', 'how-to-live-on-24-hours-a-day']) {
      const figures = await measureDemoBook(slug);
      expect(figures.matchedWords / figures.sourceWords, `${slug}: words matched`).toBeGreaterThan(0.99);
      expect(figures.gluedWords + figures.splitWords, `${slug}: glued or split words`).toBeLessThanOrEqual(2);
      expect(figures.breaksFound / figures.sourceBreaks, `${slug}: paragraph breaks found`).toBeGreaterThan(0.97);
      expect(figures.breaksRight / figures.reflowBreaks, `${slug}: paragraph breaks right`).toBeGreaterThan(0.95);
    }
  });

  it('reflows a real two-column paper and a typeset book with few suspect words', { timeout: 120_000 }, async () => {
    for (const file of ['tracemonkey.pdf', 'an-introduction-to-mathematics.pdf']) {
      const figures = await measureRealPdf(path.join(REAL_PDF_DIR, file));
      expect(figures.unreadablePages, file).toBe(0);
      expect(figures.paragraphs, file).toBeGreaterThan(figures.pages * 3);
      // Suspects are an upper bound: most are real words the demo books never use.
      expect((figures.suspectedGlued + figures.suspectedSplit) / figures.checkedWords, file).toBeLessThan(0.01);
    }
  });

  it('says which pages of a PDF without real text the text view cannot show', { timeout: 60_000 }, async () => {
    const figures = await measureRealPdf(path.join(REAL_PDF_DIR, 'TAMReview.pdf'));
    expect(figures.unreadablePages).toBeGreaterThan(15);
    expect(figures.paragraphs).toBeGreaterThan(3);
  });
});
