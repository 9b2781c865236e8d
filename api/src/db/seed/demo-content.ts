/**
 * The demo catalogue's PDFs, made on first use (in demo mode index.ts hands this to ingestion as
 * AppDeps.demoContent): one of the 16 real books opened before the background job reached it is
 * typeset now, any other book gets a short generated PDF.
 */
import type { DemoContentSource } from '../../deps';
import { contentBookFingerprint, contentBookSourcePath, isContentBookSlug, typesetContentBook } from './book-pdfs';
import { typesetCatalogueBook } from './generated-pdf';

export function createDemoContentSource(): DemoContentSource {
  return {
    async pdfFor(book) {
      if (isContentBookSlug(book.slug)) {
        const fingerprint = contentBookFingerprint(book.slug);
        const typeset = await typesetContentBook(book.slug);
        return {
          pdf: typeset.bytes,
          source: 'seed',
          renderCover: true,
          recordAs: contentBookSourcePath(book.slug, fingerprint),
        };
      }
      const typeset = await typesetCatalogueBook({ ...book, tags: book.tags ?? [] });
      return { pdf: typeset.bytes, source: 'generated', renderCover: false };
    },
  };
}
