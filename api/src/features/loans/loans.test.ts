import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@shared/entitlement';
import { successBody, problemBody } from '../../test-utils';
import { setup } from '../selections/selections-test-support';

describe('POST /api/loans (opening a book)', () => {
  it('lets a premium reader open any book without picks, reusing the active loan', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const [premiumBook] = t.books(1, 'premium');
    const [basicBook] = t.books(1, 'basic');

    const first = await reader.api.loans.$post({ json: { bookId: premiumBook.slug } });
    expect(first.status).toBe(201);
    const loan = await successBody(first);
    expect(loan).toMatchObject({
      bookId: premiumBook.id,
      title: premiumBook.title,
      status: 'active',
      loanType: 'subscription',
      returnedAt: null,
    });

    const again = await reader.api.loans.$post({ json: { bookId: premiumBook.id } });
    expect(again.status).toBe(200);
    expect((await successBody(again)).id).toBe(loan.id);
    expect((await reader.api.loans.$post({ json: { bookId: basicBook.id } })).status).toBe(201);
    expect(t.state(reader.user.id).selections).toEqual([]);
  });

  it('lets trial and basic readers open only books they picked (402 otherwise)', async () => {
    const t = setup();
    const trial = await t.reader('trial');
    const [picked, other] = t.books(2);
    expect((await trial.api.selections.$post({ json: { bookId: picked.id } })).status).toBe(201);

    const open = await trial.api.loans.$post({ json: { bookId: picked.id } });
    expect(open.status).toBe(200); // the pick already opened the loan
    expect(await successBody(open)).toMatchObject({ loanType: 'trial', status: 'active' });

    const refused = await trial.api.loans.$post({ json: { bookId: other.id } });
    expect(refused.status).toBe(402);
    expect(await problemBody(refused)).toMatchObject({
      code: 'selection_required',
      detail: 'Pick this book or upgrade to read it',
    });

    const basic = await t.reader('basic');
    const [premiumBook] = t.books(1, 'premium');
    const tooHigh = await basic.api.loans.$post({ json: { bookId: premiumBook.id } });
    expect(tooHigh.status).toBe(402);
    expect((await problemBody(tooHigh)).detail).toBe('This book needs the Premium plan');
    expect(t.state(basic.user.id).loans).toEqual([]);
  });

  it('refuses an expired trial and revokes its loans on that request', async () => {
    const t = setup();
    const reader = await t.reader('trial');
    const [book] = t.books(1);
    expect((await reader.api.selections.$post({ json: { bookId: book.id } })).status).toBe(201);
    t.clock.advance(7 * DAY_MS + 1);
    const refused = await reader.api.loans.$post({ json: { bookId: book.id } });
    expect(refused.status).toBe(402);
    expect((await problemBody(refused)).code).toBe('subscription_required');
    expect(t.state(reader.user.id).loans).toMatchObject([{ status: 'revoked', revokeReason: 'access_ended' }]);
  });

  it('re-runs the rules on every open even when the reads are cached (time passing alone ends access)', async () => {
    const t = setup();
    const reader = await t.reader('trial');
    const [book] = t.books(1);
    expect((await reader.api.selections.$post({ json: { bookId: book.id } })).status).toBe(201);
    // Warm the cached fast path: repeated opens with no database change in between.
    for (let open = 0; open < 3; open += 1)
      expect((await reader.api.loans.$post({ json: { bookId: book.id } })).status).toBe(200);
    t.clock.advance(7 * DAY_MS + 1);
    expect((await reader.api.loans.$post({ json: { bookId: book.id } })).status).toBe(402);
    expect(t.state(reader.user.id).loans).toMatchObject([{ status: 'revoked', revokeReason: 'access_ended' }]);
  });

  it('sees a returned loan at once although the previous opens were served from the cache', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const [book] = t.books(1, 'premium');
    const loan = await successBody(reader.api.loans.$post({ json: { bookId: book.id } }));
    expect((await reader.api.loans.$post({ json: { bookId: book.id } })).status).toBe(200);
    expect((await reader.api.loans[':id'].return.$post({ param: { id: loan.id } })).status).toBe(200);
    const reopened = await reader.api.loans.$post({ json: { bookId: book.id } });
    expect(reopened.status).toBe(201);
    expect((await successBody(reopened)).id).not.toBe(loan.id);
  });

  it('validates input: 400 naming the field, 404 for an unknown book, 401 signed out', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const missing = await reader.api.loans.$post({ json: { bookId: '' } });
    expect(missing.status).toBe(400);
    expect((await problemBody(missing)).errors?.[0]?.field).toBe('bookId');
    expect((await reader.api.loans.$post({ json: { bookId: 'unknown-slug' } })).status).toBe(404);
    expect((await reader.api.loans[':id'].return.$post({ param: { id: 'not-a-uuid' } })).status).toBe(400);
    expect((await t.api.loans.$get()).status).toBe(401);
  });
});

describe('GET /api/loans and POST /api/loans/:id/return', () => {
  it('lists and returns only the reader own loans (no IDOR)', async () => {
    const t = setup();
    const alice = await t.reader('premium');
    const bob = await t.reader('premium');
    const [book] = t.books(1);
    const loan = await successBody(alice.api.loans.$post({ json: { bookId: book.id } }));

    expect((await successBody(bob.api.loans.$get())).items).toEqual([]);
    expect((await bob.api.loans[':id'].return.$post({ param: { id: loan.id } })).status).toBe(404);
    expect(t.state(alice.user.id).loans).toMatchObject([{ status: 'active' }]);

    const listed = await successBody(alice.api.loans.$get());
    expect(listed.items).toMatchObject([
      { id: loan.id, title: book.title, slug: book.slug, status: 'active', loanType: 'subscription' },
    ]);

    const returned = await alice.api.loans[':id'].return.$post({ param: { id: loan.id } });
    expect(returned.status).toBe(200);
    expect(await successBody(returned)).toMatchObject({
      status: 'returned',
      returnedAt: t.clock.now().toISOString(),
    });
    expect((await alice.api.loans[':id'].return.$post({ param: { id: loan.id } })).status).toBe(409);

    // Opening the book again starts a new loan.
    const reopened = await alice.api.loans.$post({ json: { bookId: book.id } });
    expect(reopened.status).toBe(201);
    expect((await successBody(reopened)).id).not.toBe(loan.id);
  });

  it('shows loans of a lapsed subscription as revoked, and a cancelled plan keeps access to the period end', async () => {
    const t = setup();
    const reader = await t.reader('basic', { subscriptionStatus: 'cancelled' });
    const [book] = t.books(1);
    expect((await reader.api.selections.$post({ json: { bookId: book.id } })).status).toBe(201);
    expect((await reader.api.loans.$post({ json: { bookId: book.id } })).status).toBe(200);

    t.clock.advance(31 * DAY_MS);
    reader.signInAgain();
    const listed = await successBody(reader.api.loans.$get());
    expect(listed.items).toMatchObject([{ status: 'revoked', revokeReason: 'access_ended' }]);
  });
});
