import { describe, expect, it } from 'vitest';
import { createBook } from '../../test-factories';
import { deliveredMail, successBody } from '../../test-utils';
import { setup } from '../selections/selections-test-support';
import { mutation, stampAt, sync, type TTestReader, type TTestSetup } from '../sync/sync-test-support';
import { sendReadingReminders } from './reading-reminders.service';

const HOUR = 3_600_000;

async function readAt(t: TTestSetup, reader: TTestReader, bookId: string, at: number) {
  await sync(reader, [
    mutation(
      {
        type: 'event.record',
        payload: {
          id: crypto.randomUUID(),
          sessionId: crypto.randomUUID(),
          bookId,
          eventType: 'page_view',
          pageNumber: 1,
          durationMs: 60_000,
          occurredAt: new Date(at).toISOString(),
        },
      },
      stampAt(t, at - t.clock.now().getTime()),
    ),
  ]);
}

function setClock(t: TTestSetup, iso: string) {
  t.clock.advance(Date.parse(iso) - t.clock.now().getTime());
}

describe('reading reminders', () => {
  it('mails a reader whose streak would break tonight, once a day, in their evening, only if opted in', async () => {
    const t = setup();
    setClock(t, '2026-03-04T12:00:00Z');
    const ada = await t.reader('premium');
    const bob = await t.reader('premium', { firstName: 'Bob', lastName: 'Stone' });
    const cal = await t.reader('premium', { firstName: 'Cal', lastName: 'Jones' });
    const book = createBook(t.db, { pageCount: 100, skipIndex: true });
    // Ada and Bob read on the 2nd and 3rd; Cal read on the 3rd and already today.
    for (const reader of [ada, bob]) {
      await readAt(t, reader, book.id, Date.parse('2026-03-02T20:00:00Z'));
      await readAt(t, reader, book.id, Date.parse('2026-03-03T20:00:00Z'));
    }
    await readAt(t, cal, book.id, Date.parse('2026-03-03T20:00:00Z'));
    await readAt(t, cal, book.id, Date.parse('2026-03-04T08:00:00Z'));
    // Bob switched reading reminders off.
    const bobPreferences = await successBody(bob.api['reading-preferences'].$get());
    await bob.api['reading-preferences'].$put({
      json: { ...bobPreferences, emailPreferences: { ...bobPreferences.emailPreferences, readingReminders: false } },
    });

    // Noon (UTC, their zone): not the evening yet.
    expect(await sendReadingReminders(t)).toBe(0);
    setClock(t, '2026-03-04T19:30:00Z');
    expect(await sendReadingReminders(t)).toBe(1);
    const [mail] = deliveredMail(t.db, ada.user.email);
    expect(mail?.subject).toBe('Keep your 2-day reading streak going');
    expect(mail?.headers?.['List-Unsubscribe']).toContain('/api/email/unsubscribe/reading-reminders?token=');
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(deliveredMail(t.db, bob.user.email)).toHaveLength(0);
    expect(deliveredMail(t.db, cal.user.email)).toHaveLength(0);

    // At most one a day, even when the job runs again.
    t.clock.advance(HOUR);
    expect(await sendReadingReminders(t)).toBe(0);
    expect(deliveredMail(t.db, ada.user.email)).toHaveLength(1);

    // One click switches reading reminders off (and nothing else).
    const stopUrl = /href="([^"]*list=reading-reminders[^"]*)"/.exec(mail!.html)?.[1]?.replaceAll('&amp;', '&');
    const token = new URL(stopUrl!).searchParams.get('token')!;
    const stopped = await t.client.email.unsubscribe['reading-reminders'].$post({ query: { token } });
    expect(stopped.status).toBe(204);
    const after = await successBody(ada.api['reading-preferences'].$get());
    expect(after.emailPreferences).toMatchObject({ readingReminders: false, weeklyRecommendations: true });
    const unknown = await t.client.email.unsubscribe['reading-reminders'].$post({ query: { token: 'x'.repeat(40) } });
    expect(unknown.status).toBe(404);

    // The next evening: Ada's streak broke (she did not read), Cal's is now the one at risk.
    setClock(t, '2026-03-05T20:00:00Z');
    expect(await sendReadingReminders(t)).toBe(1);
    expect(deliveredMail(t.db, ada.user.email)).toHaveLength(1);
    expect(deliveredMail(t.db, cal.user.email).map((message) => message.subject)).toEqual([
      'Keep your 2-day reading streak going',
    ]);
  });
});
