/**
 * The screenshot a reader may attach to their feedback (docs/product/feedback.md#screenshots). Captured in the reader's
 * browser, sent after the item itself (items travel through the sync outbox, which carries small JSON only), checked by
 * its bytes (PNG, JPEG or WebP, at most FEEDBACK_SCREENSHOT_MAX_BYTES) and kept in the blob store under
 * `feedback/<id>/`; the row keeps the blob key. Only the item's writer and the team (feedback:respond) can open it.
 */
import { eq } from 'drizzle-orm';
import { FEEDBACK_MESSAGES, FEEDBACK_SCREENSHOT_MAX_BYTES } from '@shared/feedback';
import { hasPermission } from '@shared/permissions';
import type { TRole } from '@shared/tiers';
import type { Db } from '../../db/client';
import { feedback } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';

const IMAGE_TYPES = [
  {
    ext: 'png',
    mime: 'image/png',
    matches: (b: Uint8Array) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47,
  },
  { ext: 'jpg', mime: 'image/jpeg', matches: (b: Uint8Array) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    ext: 'webp',
    mime: 'image/webp',
    matches: (b: Uint8Array) =>
      String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' && String.fromCharCode(...b.subarray(8, 12)) === 'WEBP',
  },
] as const;

const notFound = () => new AppError('not_found', 404, FEEDBACK_MESSAGES.notFound);
const fieldError = (status: 413 | 422, code: string, message: string) =>
  new AppError(code, status, message, [{ field: 'screenshot', message }]);

function ownItem(db: Db, feedbackId: string, userId: string) {
  const row = db.select().from(feedback).where(eq(feedback.id, feedbackId)).get();
  // Someone else's item answers like a missing one: ids are not a way to learn what exists.
  if (!row || row.userId !== userId) throw notFound();
  return row;
}

export async function saveFeedbackScreenshot(
  deps: Pick<AppDeps, 'db' | 'blobs' | 'now'>,
  options: { userId: string; feedbackId: string; bytes: Uint8Array },
): Promise<{ hasScreenshot: true }> {
  const { db, blobs } = deps;
  const row = ownItem(db, options.feedbackId, options.userId);
  if (options.bytes.byteLength > FEEDBACK_SCREENSHOT_MAX_BYTES)
    throw fieldError(413, 'screenshot_too_large', FEEDBACK_MESSAGES.screenshotTooLarge);
  const type = IMAGE_TYPES.find((candidate) => candidate.matches(options.bytes));
  if (!type || options.bytes.byteLength < 12)
    throw fieldError(422, 'screenshot_type', FEEDBACK_MESSAGES.screenshotType);
  const key = `feedback/${row.id}/screenshot.${type.ext}`;
  await blobs.put(key, options.bytes);
  if (row.screenshot && row.screenshot !== key) await blobs.delete(row.screenshot);
  db.update(feedback).set({ screenshot: key, updatedAt: deps.now() }).where(eq(feedback.id, row.id)).run();
  return { hasScreenshot: true };
}

export async function readFeedbackScreenshot(
  deps: Pick<AppDeps, 'db' | 'blobs'>,
  options: { user: { id: string; role: TRole }; feedbackId: string },
): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: string }> {
  const row = deps.db.select().from(feedback).where(eq(feedback.id, options.feedbackId)).get();
  const mayOpen = row && (row.userId === options.user.id || hasPermission(options.user.role, 'feedback:respond'));
  if (!row?.screenshot || !mayOpen) throw notFound();
  const bytes = await deps.blobs.get(row.screenshot);
  if (!bytes) throw notFound();
  const type = IMAGE_TYPES.find((candidate) => candidate.matches(bytes));
  return { bytes, contentType: type?.mime ?? 'application/octet-stream' };
}
