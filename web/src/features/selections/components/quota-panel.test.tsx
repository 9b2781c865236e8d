import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearToasts, currentToast, makeUser, mockApi, problem, renderPage } from '@web/features/auth/test-utils';
import { formatDate } from '../format';
import { makeEntitlements, makeSelection } from '../test-fixtures';
import { QuotaPanel } from './quota-panel';
import { apiPath } from '@web/lib/api-test-support';

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function fact(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('<QuotaPanel />', () => {
  it('shows a Basic plan: picks used and left, next reset, and each pick with its lock end', async () => {
    const nextResetAt = '2026-05-05T00:00:00.000Z';
    const locked = makeSelection({
      bookId: 'b-1',
      title: 'Locked Book',
      lockedUntil: '2026-06-01T00:00:00.000Z',
      canRemove: false,
    });
    const free = makeSelection({
      bookId: 'b-2',
      title: 'Unlocked Book',
      lockedUntil: '2026-03-01T00:00:00.000Z',
      canRemove: true,
    });
    mockApi({
      [`GET ${apiPath('/auth/user')}`]: () => makeUser({ subscriptionTier: 'basic' }),
      [`GET ${apiPath('/me/entitlements')}`]: () =>
        makeEntitlements({ tier: 'basic', picksUsed: 7, picksLimit: 10, nextResetAt, selections: [locked, free] }),
    });
    renderPage(<QuotaPanel />, { route: '/library' });
    await screen.findByText('Plan', { selector: 'dt' });
    expect(fact('Plan')).toBe('Basic');
    expect(fact('Picks this cycle')).toBe('7 of 10 used');
    expect(fact('Picks left')).toBe('3');
    expect(fact('Next reset')).toBe(formatDate(nextResetAt));
    expect(screen.queryByText('Trial days left')).not.toBeInTheDocument();

    const rows = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent(`locked until ${formatDate(locked.lockedUntil)}`);
    expect(within(rows[0]!).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent(`lock ended ${formatDate(free.lockedUntil)}`);
    expect(within(rows[1]!).getByRole('button', { name: 'Remove Unlocked Book' })).toBeInTheDocument();
  });

  it('shows trial days left and picks, and Unlimited for premium', async () => {
    mockApi({});
    const { unmount } = renderPage(
      <QuotaPanel entitlements={makeEntitlements({ tier: 'trial', picksUsed: 1, trialDaysLeft: 4 })} />,
      { route: '/library' },
    );
    expect(fact('Plan')).toBe('Free Trial');
    expect(fact('Trial picks')).toBe('1 of 3 used');
    expect(fact('Picks left')).toBe('2');
    expect(fact('Trial days left')).toBe('4');
    unmount();
    renderPage(<QuotaPanel entitlements={makeEntitlements({ tier: 'premium' })} />, { route: '/library' });
    expect(fact('Plan')).toBe('Premium');
    expect(fact('Picks')).toBe('Unlimited');
    expect(screen.queryByText('Picks left')).not.toBeInTheDocument();
  });

  it('removes a pick after confirmation and refreshes the counts', async () => {
    let selections = [makeSelection({ bookId: 'b-2', title: 'Unlocked Book', canRemove: true })];
    const api = mockApi({
      [`GET ${apiPath('/auth/user')}`]: () => makeUser({ subscriptionTier: 'trial' }),
      [`GET ${apiPath('/me/entitlements')}`]: () => makeEntitlements({ tier: 'trial', picksUsed: 1, selections }),
      [`DELETE ${apiPath('/selections/b-2')}`]: () => {
        selections = [];
        return new Response(null, { status: 204 });
      },
    });
    renderPage(<QuotaPanel />, { route: '/library' });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Unlocked Book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove “Unlocked Book”?' });
    expect(api.callsTo('DELETE', apiPath('/selections/b-2'))).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Book removed'));
    expect(api.callsTo('DELETE', apiPath('/selections/b-2'))).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Unlocked Book')).not.toBeInTheDocument());
  });

  it("shows the server's refusal when a removal is refused", async () => {
    mockApi({
      [`GET ${apiPath('/auth/user')}`]: () => makeUser({ subscriptionTier: 'basic' }),
      [`GET ${apiPath('/me/entitlements')}`]: () =>
        makeEntitlements({
          tier: 'basic',
          selections: [makeSelection({ bookId: 'b-2', title: 'Unlocked Book', canRemove: true })],
        }),
      [`DELETE ${apiPath('/selections/b-2')}`]: () => problem(422, 'This pick is locked until 1 June 2026'),
    });
    renderPage(<QuotaPanel />, { route: '/library' });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Unlocked Book' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        variant: 'destructive',
        description: 'This pick is locked until 1 June 2026',
      }),
    );
  });
});
