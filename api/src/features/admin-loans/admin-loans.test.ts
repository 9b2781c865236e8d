import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN_LOAN_MESSAGES } from '@shared/admin-loans';
import { createAdminTestContext } from '../../admin-test-support';
import { auditLogs, devices, licenses, loans } from '../../db/schema';
import { createBook } from '../../test-factories';
import { problemBody, successBody } from '../../test-utils';

async function withLoan() {
  const ctx = await createAdminTestContext();
  const reader = await ctx.signedIn('user', {
    email: 'reader@example.com',
    subscriptionTier: 'premium',
    subscriptionStatus: 'active',
    subscriptionCurrentPeriodEnd: new Date(Date.now() + 20 * 86_400_000),
  });
  const book = createBook(ctx.db, { title: 'Meditations' });
  const opened = await reader.client.loans.$post({ json: { bookId: book.id } });
  expect(opened.status).toBe(201);
  const loan = await successBody(opened);
  const device = ctx.db
    .insert(devices)
    .values({ userId: reader.user.id, name: 'Phone', publicKey: '{}', keyThumbprint: 'tp' })
    .returning()
    .get();
  ctx.db
    .insert(licenses)
    .values({
      loanId: loan.id,
      deviceId: device.id,
      userId: reader.user.id,
      bookId: book.id,
      keyWrapped: 'x',
      offlineExpiresAt: new Date(Date.now() + 86_400_000),
      policy: {} as never,
      signature: 'sig',
      serverTime: new Date(),
    })
    .run();
  return { ...ctx, reader, book, loan };
}

describe('admin loans', () => {
  it('lists loans with filters', async () => {
    const { admin, loan, reader } = await withLoan();
    const all = await successBody(admin.client.admin.loans.$get({ query: {} }));
    expect(all.items).toHaveLength(1);
    expect(all.items[0]).toMatchObject({
      id: loan.id,
      userEmail: 'reader@example.com',
      bookTitle: 'Meditations',
      activeLicenses: 1,
    });
    expect((await successBody(admin.client.admin.loans.$get({ query: { status: 'revoked' } }))).total).toBe(0);
    expect((await successBody(admin.client.admin.loans.$get({ query: { q: 'medit' } }))).total).toBe(1);
    expect((await successBody(admin.client.admin.loans.$get({ query: { userId: reader.user.id } }))).total).toBe(1);
    const bad = await admin.client.admin.loans.$get({ query: { status: 'lost' as never } });
    expect(bad.status).toBe(400);
    expect((await problemBody(bad)).errors).toEqual([{ field: 'status', message: ADMIN_LOAN_MESSAGES.status }]);
  });

  it('revokes with a reason: licences end at once, the reader sees why and cannot reopen until restored', async () => {
    const { admin, db, loan, reader, book } = await withLoan();
    const noReason = await admin.client.admin.loans[':id'].revoke.$post({
      param: { id: loan.id },
      json: { reason: ' ' },
    });
    expect(noReason.status).toBe(400);
    expect((await problemBody(noReason)).errors).toEqual([
      { field: 'reason', message: ADMIN_LOAN_MESSAGES.reasonRequired },
    ]);

    const revoked = await admin.client.admin.loans[':id'].revoke.$post({
      param: { id: loan.id },
      json: { reason: 'Chargeback under review' },
    });
    expect(await successBody(revoked)).toEqual({ revoked: true, licensesRevoked: 1 });
    const stored = db.select().from(loans).where(eq(loans.id, loan.id)).get()!;
    expect(stored).toMatchObject({
      status: 'revoked',
      revokedBy: admin.user.id,
      revokeReason: 'Chargeback under review',
    });
    expect(db.select().from(licenses).where(eq(licenses.loanId, loan.id)).get()?.revoked).toBe(true);

    const mine = await successBody(reader.client.loans.$get());
    expect(mine.items[0]).toMatchObject({ status: 'revoked', revokeReason: 'Chargeback under review' });
    const reopen = await reader.client.loans.$post({ json: { bookId: book.id } });
    expect(reopen.status).toBe(403);
    expect((await problemBody(reopen)).detail).toBe(`${ADMIN_LOAN_MESSAGES.readerRevoked}: Chargeback under review`);

    const again = await admin.client.admin.loans[':id'].revoke.$post({ param: { id: loan.id }, json: { reason: 'x' } });
    expect(again.status).toBe(409);

    const restored = await admin.client.admin.loans[':id'].restore.$post({ param: { id: loan.id } });
    expect(restored.status).toBe(200);
    expect((await reader.client.loans.$post({ json: { bookId: book.id } })).status).toBe(200);
    expect((await admin.client.admin.loans[':id'].restore.$post({ param: { id: loan.id } })).status).toBe(409);

    const actions = db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.resourceId, loan.id))
      .all()
      .map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['admin.loan.revoke', 'admin.loan.restore']));
  });

  it('answers unknown loans with 404 and refuses moderators', async () => {
    const { admin, moderator, loan } = await withLoan();
    const missing = await admin.client.admin.loans[':id'].revoke.$post({
      param: { id: crypto.randomUUID() },
      json: { reason: 'x' },
    });
    expect(missing.status).toBe(404);
    const denied = await moderator.client.admin.loans[':id'].revoke.$post({
      param: { id: loan.id },
      json: { reason: 'x' },
    });
    expect(denied.status).toBe(403);
  });
});
