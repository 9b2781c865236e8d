/**
 * Premium early access (docs/product/back-office.md#early-access): before a book's public release date only Premium
 * readers may open it; others cannot pick or open it and are told "Coming on <date>"; from the date on, the book is
 * everyone's under the usual rules. The book page carries the date either way.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@shared/entitlement';
import { books } from '../../db/schema';
import { problemBody, successBody } from '../../test-utils';
import { setup } from '../selections/selections-test-support';

describe('Premium early access', () => {
  it('lets Premium read before the public date, refuses others with the date, and opens to all after it', async () => {
    const t = setup();
    const [book] = t.books(1, 'trial');
    const release = new Date(t.clock.now().getTime() + 3 * DAY_MS);
    t.db.update(books).set({ publicReleaseAt: release }).where(eq(books.id, book.id)).run();
    const premium = await t.reader('premium');
    const basic = await t.reader('basic');

    expect((await premium.api.loans.$post({ json: { bookId: book.id } })).status).toBe(201);
    const pick = await basic.api.selections.$post({ json: { bookId: book.id } });
    expect(pick.status).toBe(422);
    expect(await problemBody(pick)).toMatchObject({ code: 'early_access', detail: 'Coming on 4 March 2026' });
    const open = await basic.api.loans.$post({ json: { bookId: book.id } });
    expect(open.status).toBe(402);
    expect((await problemBody(open)).detail).toBe('Coming on 4 March 2026');
    const page = await successBody(t.api.books[':idOrSlug'].$get({ param: { idOrSlug: book.slug } }));
    expect(page.publicReleaseAt).toBe(release.toISOString());

    t.clock.advance(3 * DAY_MS);
    basic.signInAgain();
    expect((await basic.api.selections.$post({ json: { bookId: book.id } })).status).toBe(201);
    // The pick opened the loan already: opening reuses it.
    expect((await basic.api.loans.$post({ json: { bookId: book.id } })).status).toBe(200);
  });
});
