/** zod schemas of the book ingestion endpoints: the admin PDF upload form (multipart/form-data). */
import { z } from 'zod';
import { INGEST_MESSAGES } from './ingest';

/** Field `file` holds the PDF, optional `cover` an image; both are checked by their bytes on the server. */
export const ZBookPdfUploadForm = z.object({
  file: z.instanceof(File, { message: INGEST_MESSAGES.missingFile }),
  cover: z.instanceof(File, { message: INGEST_MESSAGES.coverWrongType }).optional(),
});
export type TBookPdfUploadForm = z.infer<typeof ZBookPdfUploadForm>;

export const ZBookIdParam = z.object({ id: z.uuid({ message: 'Book id must be a valid id' }) });

/** PUT /api/admin/books/:id/cover: field `cover`, an image checked by its bytes on the server. */
export const ZBookCoverForm = z.object({
  cover: z.instanceof(File, { message: INGEST_MESSAGES.coverWrongType }),
});
