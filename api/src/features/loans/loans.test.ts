import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@shared/entitlement';
import type { TLoan, TLoanList } from '@shared/selections';
import { setup, type TProblem } from '../selections/selections-test-support';

describe('POST /api/loans (opening a book)', () => {
  it('lets a premium reader open any book without picks, reusing the active loan', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const [premiumBook] = t.books(1, 'premium');
    const [basicBook] = t.books(1, 'basic');

    const first = await reader.post('/api/loans', { bookId: premiumBook.slug });
    expect(first.status).toBe(201);
    const loan = (await first.json()) as TLoan;
    expect(loan).toMatchObject({
      bookId: premiumBook.id,
      title: premiumBook.title,
      status: 'active',
      loanType: 'subscription',
      returnedAt: null,
    });

    const again = await reader.post('/api/loans', { bookId: premiumBook.id });
    expect(again.status).toBe(200);
    expect(((await again.json()) as TLoan).id).toBe(loan.id);
    expect((await reader.post('/api/loans', { bookId: basicBook.id })).status).toBe(201);
    expect(t.state(reader.user.id).selections).toEqual([]);
  });

  it('lets trial and basic readers open only books they picked (402 otherwise)', async () => {
    const t = setup();
    const trial = await t.reader('trial');
    const [picked, other] = t.books(2);
    expect((await trial.post('/api/selections', { bookId: picked.id })).status).toBe(201);

    const open = await trial.post('/api/loans', { bookId: picked.id });
    expect(open.status).toBe(200); // the pick already opened the loan
    expect((await open.json()) as TLoan).toMatchObject({ loanType: 'trial', status: 'active' });

    const refused = await trial.post('/api/loans', { bookId: other.id });
    expect(refused.status).toBe(402);
    expect((await refused.json()) as TProblem).toMatchObject({
      code: 'selection_required',
      detail: 'Choose this book or upgrade to read it',
    });

    const basic = await t.reader('basic');
    const [premiumBook] = t.books(1, 'premium');
    const tooHigh = await basic.post('/api/loans', { bookId: premiumBook.id });
    expect(tooHigh.status).toBe(402);
    expect(((await tooHigh.json()) as TProblem).detail).toBe('This book needs the Premium plan');
    expect(t.state(basic.user.id).loans).toEqual([]);
  });

  it('refuses an expired trial and revokes its loans on that request', async () => {
    const t = setup();
    const reader = await t.reader('trial');
    const [book] = t.books(1);
    expect((await reader.post('/api/selections', { bookId: book.id })).status).toBe(201);
    t.clock.advance(7 * DAY_MS + 1);
    const refused = await reader.post('/api/loans', { bookId: book.id });
    expect(refused.status).toBe(402);
    expect(((await refused.json()) as TProblem).code).toBe('subscription_required');
    expect(t.state(reader.user.id).loans).toMatchObject([{ status: 'revoked', revokeReason: 'access_ended' }]);
  });

  it('re-runs the rules on every open even when the reads are cached (time passing alone ends access)', async () => {
    const t = setup();
    const reader = await t.reader('trial');
    const [book] = t.books(1);
    expect((await reader.post('/api/selections', { bookId: book.id })).status).toBe(201);
    // Warm the cached fast path: repeated opens with no database change in between.
    for (let open = 0; open < 3; open += 1)
      expect((await reader.post('/api/loans', { bookId: book.id })).status).toBe(200);
    t.clock.advance(7 * DAY_MS + 1);
    expect((await reader.post('/api/loans', { bookId: book.id })).status).toBe(402);
    expect(t.state(reader.user.id).loans).toMatchObject([{ status: 'revoked', revokeReason: 'access_ended' }]);
  });

  it('sees a returned loan at once although the previous opens were served from the cache', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const [book] = t.books(1, 'premium');
    const loan = (await (await reader.post('/api/loans', { bookId: book.id })).json()) as TLoan;
    expect((await reader.post('/api/loans', { bookId: book.id })).status).toBe(200);
    expect((await reader.post(`/api/loans/${loan.id}/return`, {})).status).toBe(200);
    const reopened = await reader.post('/api/loans', { bookId: book.id });
    expect(reopened.status).toBe(201);
    expect(((await reopened.json()) as TLoan).id).not.toBe(loan.id);
  });

  it('validates input: 400 naming the field, 404 for an unknown book, 401 signed out', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const missing = await reader.post('/api/loans', { bookId: '' });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as TProblem).errors?.[0]?.field).toBe('bookId');
    expect((await reader.post('/api/loans', { bookId: 'unknown-slug' })).status).toBe(404);
    expect((await reader.post('/api/loans/not-a-uuid/return')).status).toBe(400);
    expect((await t.app.request('/api/loans')).status).toBe(401);
  });
});

describe('GET /api/loans and POST /api/loans/:id/return', () => {
  it('lists and returns only the reader own loans (no IDOR)', async () => {
    const t = setup();
    const alice = await t.reader('premium');
    const bob = await t.reader('premium');
    const [book] = t.books(1);
    const loan = (await (await alice.post('/api/loans', { bookId: book.id })).json()) as TLoan;

    expect(((await (await bob.get('/api/loans')).json()) as TLoanList).items).toEqual([]);
    expect((await bob.post(`/api/loans/${loan.id}/return`)).status).toBe(404);
    expect(t.state(alice.user.id).loans).toMatchObject([{ status: 'active' }]);

    const listed = (await (await alice.get('/api/loans')).json()) as TLoanList;
    expect(listed.items).toMatchObject([
      { id: loan.id, title: book.title, slug: book.slug, status: 'active', loanType: 'subscription' },
    ]);

    const returned = await alice.post(`/api/loans/${loan.id}/return`);
    expect(returned.status).toBe(200);
    expect((await returned.json()) as TLoan).toMatchObject({
      status: 'returned',
      returnedAt: t.clock.now().toISOString(),
    });
    expect((await alice.post(`/api/loans/${loan.id}/return`)).status).toBe(409);

    // Opening the book again starts a new loan.
    const reopened = await alice.post('/api/loans', { bookId: book.id });
    expect(reopened.status).toBe(201);
    expect(((await reopened.json()) as TLoan).id).not.toBe(loan.id);
  });

  it('shows loans of a lapsed subscription as revoked, and a cancelled plan keeps access to the period end', async () => {
    const t = setup();
    const reader = await t.reader('basic', { subscriptionStatus: 'cancelled' });
    const [book] = t.books(1);
    expect((await reader.post('/api/selections', { bookId: book.id })).status).toBe(201);
    expect((await reader.post('/api/loans', { bookId: book.id })).status).toBe(200);

    t.clock.advance(31 * DAY_MS);
    reader.signInAgain();
    const listed = (await (await reader.get('/api/loans')).json()) as TLoanList;
    expect(listed.items).toMatchObject([{ status: 'revoked', revokeReason: 'access_ended' }]);
  });
});
