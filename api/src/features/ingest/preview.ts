/**
 * The preview PDF: the first pages of a book copied into a new file with pdf-lib. It is a separate,
 * public document, so nothing beyond the preview pages may travel with it: annotations (links to
 * later pages would pull those pages in), the outline and article threads are left behind.
 */
import { PDFDocument, PDFName } from 'pdf-lib';
import { PreviewError } from './preview-error';

export async function makePreviewPdf(
  pdf: Uint8Array,
  pageCount: number,
  meta: { title: string; author: string },
): Promise<Uint8Array> {
  let source: PDFDocument;
  try {
    source = await PDFDocument.load(pdf, { updateMetadata: false, throwOnInvalidObject: false });
  } catch (error) {
    const name = (error as Error).name ?? '';
    const message = (error as Error).message ?? String(error);
    if (name === 'EncryptedPDFError' || /encrypted/i.test(message))
      throw new PreviewError('the file is encrypted', 'encrypted');
    throw new PreviewError(message.replace(/\s+/g, ' ').slice(0, 200), 'invalid');
  }
  const count = Math.min(pageCount, source.getPageCount());
  const indices = Array.from({ length: count }, (_, index) => index);
  for (const index of indices) {
    const node = source.getPage(index).node;
    // Links and beads point at other pages; copying them would copy those pages' contents too.
    node.delete(PDFName.of('Annots'));
    node.delete(PDFName.of('B'));
  }
  const preview = await PDFDocument.create({ updateMetadata: false });
  preview.setTitle(`${meta.title} (preview)`);
  preview.setAuthor(meta.author);
  preview.setProducer('Wonderful Books');
  for (const page of await preview.copyPages(source, indices)) preview.addPage(page);
  return preview.save({ useObjectStreams: true });
}
