import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearToasts, currentToast, makeUser, mockApi, problem, renderPage } from '@web/features/auth/test-utils';
import { formatDate } from '@web/features/selections/format';
import { makeLoan } from '@web/features/selections/test-fixtures';
import LoansPage from './loans-page';
import { apiPath } from '@web/lib/api-test-support';

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ACTIVE = makeLoan({ id: '11111111-1111-4111-8111-111111111111', title: 'Deep Work', bookId: 'book-1' });
const RETURNED = makeLoan({
  id: '22222222-2222-4222-8222-222222222222',
  title: 'Atomic Habits',
  bookId: 'book-2',
  status: 'returned',
  loanType: 'subscription',
  returnedAt: '2026-03-04T10:00:00.000Z',
});
const REVOKED = makeLoan({
  id: '33333333-3333-4333-8333-333333333333',
  title: 'Grit',
  status: 'revoked',
  revokedAt: '2026-03-08T10:00:00.000Z',
  revokeReason: 'Your trial ended',
});

describe('/loans', () => {
  it('lists loans with type, status, dates, and Read and Return only for active ones', async () => {
    mockApi({
      [`GET ${apiPath('/auth/user')}`]: () => makeUser(),
      [`GET ${apiPath('/loans')}`]: () => ({ items: [ACTIVE, RETURNED, REVOKED] }),
    });
    renderPage(<LoansPage />, { route: '/loans' });
    const active = await screen.findByRole('listitem', { name: 'Deep Work' });
    expect(active).toHaveTextContent('Active');
    expect(active).toHaveTextContent('Trial loan');
    expect(active).toHaveTextContent(`Started${formatDate(ACTIVE.startedAt)}`);
    expect(within(active).getByRole('link', { name: 'Read Deep Work' })).toHaveAttribute('href', '/reader/book-1');
    expect(within(active).getByRole('button', { name: 'Return Deep Work' })).toBeInTheDocument();

    const returned = screen.getByRole('listitem', { name: 'Atomic Habits' });
    expect(returned).toHaveTextContent('Returned');
    expect(returned).toHaveTextContent('Subscription loan');
    expect(returned).toHaveTextContent(`Ended${formatDate(RETURNED.returnedAt)}`);
    expect(within(returned).queryByRole('button')).not.toBeInTheDocument();
    expect(within(returned).queryByRole('link', { name: /^Read/ })).not.toBeInTheDocument();

    const revoked = screen.getByRole('listitem', { name: 'Grit' });
    expect(revoked).toHaveTextContent('Revoked');
    expect(revoked).toHaveTextContent('Your trial ended');
  });

  it('returns an active loan after confirmation', async () => {
    let items = [ACTIVE];
    const api = mockApi({
      [`GET ${apiPath('/auth/user')}`]: () => makeUser(),
      [`GET ${apiPath('/loans')}`]: () => ({ items }),
      [`POST ${apiPath(`/loans/${ACTIVE.id}/return`)}`]: () => {
        items = [{ ...ACTIVE, status: 'returned', returnedAt: '2026-03-05T10:00:00.000Z' }];
        return items[0];
      },
    });
    renderPage(<LoansPage />, { route: '/loans' });
    await userEvent.click(await screen.findByRole('button', { name: 'Return Deep Work' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return “Deep Work”?' });
    expect(api.callsTo('POST', apiPath(`/loans/${ACTIVE.id}/return`))).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return book' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Book returned'));
    expect(api.callsTo('POST', apiPath(`/loans/${ACTIVE.id}/return`))).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('listitem', { name: 'Deep Work' })).toHaveTextContent('Returned'));
    expect(screen.queryByRole('button', { name: 'Return Deep Work' })).not.toBeInTheDocument();
  });

  it("shows the server's message when a return fails", async () => {
    mockApi({
      [`GET ${apiPath('/auth/user')}`]: () => makeUser(),
      [`GET ${apiPath('/loans')}`]: () => ({ items: [ACTIVE] }),
      [`POST ${apiPath(`/loans/${ACTIVE.id}/return`)}`]: () => problem(409, 'This loan has already ended'),
    });
    renderPage(<LoansPage />, { route: '/loans' });
    await userEvent.click(await screen.findByRole('button', { name: 'Return Deep Work' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Return book' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({ variant: 'destructive', description: 'This loan has already ended' }),
    );
  });

  it('shows an empty state linking to the store', async () => {
    mockApi({
      [`GET ${apiPath('/auth/user')}`]: () => makeUser(),
      [`GET ${apiPath('/loans')}`]: () => ({ items: [] }),
    });
    renderPage(<LoansPage />, { route: '/loans' });
    expect(await screen.findByText('No loans yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the Book Store' })).toHaveAttribute('href', '/bookstore');
  });
});
