import { describe, expect, it } from 'vitest';
import { FEEDBACK_MESSAGES, FEEDBACK_SCREENSHOT_MAX_BYTES } from '@shared/feedback';
import { createTestContext, problemBody, successBody } from '../../test-utils';
import { insertUser, signIn } from '../profile/profile-test-support';
import { submitFeedback } from './feedback.service';

/** The eight-byte PNG signature and a little more: enough for the type check. */
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

async function withItem() {
  const context = createTestContext();
  const { db } = context;
  const reader = await insertUser(db, { role: 'user' });
  const feedbackId = crypto.randomUUID();
  submitFeedback({
    db,
    userId: reader.id,
    now: new Date(),
    payload: {
      id: feedbackId,
      type: 'bug',
      category: 'reading',
      title: 'The page jumps',
      description: 'After turning the page it jumps back.',
      priority: 'medium',
      url: '/reader/x',
      deviceInfo: { platform: 'Linux', browser: 'Chromium', screenResolution: '1280x800', viewport: '1280x700' },
    },
  });
  const client = context.clientFor(signIn(db, reader.id).cookie);
  const upload = (bytes: Uint8Array<ArrayBuffer>, as = client, id = feedbackId) =>
    as.feedback[':id'].screenshot.$put({
      param: { id },
      form: { screenshot: new File([bytes], 'page.png', { type: 'image/png' }) },
    });
  return { ...context, reader, client, feedbackId, upload };
}

describe('feedback screenshots', () => {
  it('stores the writer’s screenshot; the writer and the team can open it, other readers cannot', async () => {
    const { db, client, clientFor, feedbackId, upload } = await withItem();
    expect(await successBody(upload(PNG))).toEqual({ hasScreenshot: true });
    const own = await client.feedback[':id'].screenshot.$get({ param: { id: feedbackId } });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(PNG);
    const lists = await successBody(client.feedback.$get());
    expect(lists.mine[0].hasScreenshot).toBe(true);

    const moderator = await insertUser(db, { role: 'moderator' });
    const team = clientFor(signIn(db, moderator.id).cookie);
    expect((await team.feedback[':id'].screenshot.$get({ param: { id: feedbackId } })).status).toBe(200);
    const detail = await successBody(team.admin.feedback[':id'].$get({ param: { id: feedbackId } }));
    expect(detail.hasScreenshot).toBe(true);

    const stranger = await insertUser(db, { role: 'user' });
    const other = clientFor(signIn(db, stranger.id).cookie);
    expect((await other.feedback[':id'].screenshot.$get({ param: { id: feedbackId } })).status).toBe(404);
    expect((await upload(PNG, other)).status).toBe(404);
  });

  it('refuses what is not an image, a file over 1 MB, a missing file, and items that do not exist', async () => {
    const { client, feedbackId, upload } = await withItem();
    const text = await upload(new TextEncoder().encode('<svg onload="alert(1)"></svg>'));
    expect(text.status).toBe(422);
    expect((await problemBody(text)).errors).toEqual([
      { field: 'screenshot', message: FEEDBACK_MESSAGES.screenshotType },
    ]);

    const big = new Uint8Array(FEEDBACK_SCREENSHOT_MAX_BYTES + 1);
    big.set(PNG);
    const tooLarge = await upload(big);
    expect(tooLarge.status).toBe(413);
    expect((await problemBody(tooLarge)).errors).toEqual([
      { field: 'screenshot', message: FEEDBACK_MESSAGES.screenshotTooLarge },
    ]);

    const missing = await client.feedback[':id'].screenshot.$put({
      param: { id: feedbackId },
      // @ts-expect-error: no file on purpose
      form: {},
    });
    expect(missing.status).toBe(400);
    expect((await problemBody(missing)).errors?.[0]).toMatchObject({ field: 'screenshot' });

    expect((await upload(PNG, client, crypto.randomUUID())).status).toBe(404);
    expect((await client.feedback[':id'].screenshot.$get({ param: { id: feedbackId } })).status).toBe(404);
  });
});
