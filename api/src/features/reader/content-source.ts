/**
 * The reader's seam to ingested book content (features/ingest): the current version, its manifest,
 * encrypted chunks, the content key (only to wrap it to a device) and the generated preview.
 */
export {
  ensureBookContent,
  getContentKey,
  getCurrentAsset,
  getManifest,
  readChunk,
  readPreview,
} from '../ingest/ingest.service';
