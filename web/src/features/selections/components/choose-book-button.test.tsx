import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TEntitlements } from '@shared/selections';
import type { TBookTier } from '@shared/tiers';
import { createTestQueryClient } from '@web/app/test-helpers';
import { BookCta } from '@web/features/catalogue/components/book-cta';
import {
  clearToasts,
  currentToast,
  makeUser,
  mockApi,
  problem,
  renderPage,
  type TApiHandler,
} from '@web/features/auth/test-utils';
import { estimatedLockEnd, formatDate } from '../format';
import { makeEntitlements, makeSelection } from '../test-fixtures';
import { CHOOSE_FAILED_TITLE } from './choose-book-button';
import { apiPath } from '@web/lib/api-test-support';

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderCta(
  entitlements: TEntitlements | (() => TEntitlements),
  routes: Record<string, TApiHandler> = {},
  requiredTier: TBookTier = 'trial',
) {
  const user = makeUser({
    subscriptionTier:
      typeof entitlements === 'function' ? entitlements().subscriptionTier : entitlements.subscriptionTier,
  });
  const api = mockApi({
    [`GET ${apiPath('/auth/user')}`]: () => user,
    [`GET ${apiPath('/me/entitlements')}`]: () => (typeof entitlements === 'function' ? entitlements() : entitlements),
    ...routes,
  });
  const queryClient = createTestQueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const view = renderPage(
    <BookCta
      bookId="book-1"
      title="Deep Work"
      requiredTier={requiredTier}
      previewPageCount={0}
      user={user}
      isUserLoading={false}
    />,
    { route: '/book/book-1', queryClient },
  );
  return { api, invalidate, ...view };
}

describe('Pick this book', () => {
  it('shows the trial picks used and confirms before spending one', async () => {
    let entitlements = makeEntitlements({ tier: 'trial', picksUsed: 2, picksLimit: 3 });
    const { api, invalidate } = renderCta(() => entitlements, {
      [`POST ${apiPath('/selections')}`]: () => {
        entitlements = { ...entitlements, picksUsed: 3, selections: [makeSelection({ bookId: 'book-1' })] };
        return new Response(JSON.stringify(entitlements.selections[0]), {
          status: 201,
          headers: { 'Content-Type': 'application/json' },
        });
      },
    });
    expect(await screen.findByText(/2 of 3 picks used/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pick this book' }));

    const dialog = await screen.findByRole('dialog', { name: 'Pick “Deep Work”?' });
    expect(dialog).toHaveTextContent('This uses one of your 3 trial picks (3 of 3 used after this).');
    expect(dialog).not.toHaveTextContent('locked for 30 days');
    expect(api.callsTo('POST', apiPath('/selections'))).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Pick this book' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Book picked'));
    expect(api.callsTo('POST', apiPath('/selections'))[0]?.body).toEqual({ bookId: 'book-1' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['me', 'entitlements'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['selections'] });
    // The refreshed answer shows the chosen state with Read now.
    expect(await screen.findByText('Picked')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read now' })).toHaveAttribute('href', '/reader/book-1');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('warns a Basic reader that the pick is locked for 30 days, with the lock end date', async () => {
    const nextResetAt = '2026-05-05T00:00:00.000Z';
    renderCta(makeEntitlements({ tier: 'basic', picksUsed: 7, picksLimit: 10, nextResetAt }), {}, 'basic');
    expect(
      await screen.findByText(
        `7 of 10 picks used this cycle; resets on ${formatDate(nextResetAt)}. Each pick is locked for 30 days.`,
      ),
    ).toBeInTheDocument();
    const lockEnd = formatDate(estimatedLockEnd());
    await userEvent.click(screen.getByRole('button', { name: 'Pick this book' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('This uses one of your 10 picks this cycle (8 of 10 used after this).');
    expect(dialog).toHaveTextContent(
      `This pick is locked for 30 days. You cannot remove it or swap it for another book until ${lockEnd}.`,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's refusal in a destructive toast", async () => {
    const { invalidate } = renderCta(makeEntitlements({ tier: 'trial', picksUsed: 2, picksLimit: 3 }), {
      [`POST ${apiPath('/selections')}`]: () => problem(422, 'You have used 3 of 3 trial picks'),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Pick this book' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pick this book' }));
    await waitFor(() =>
      expect(currentToast()).toEqual({
        title: CHOOSE_FAILED_TITLE,
        description: 'You have used 3 of 3 trial picks',
        variant: 'destructive',
      }),
    );
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['me', 'entitlements'] });
    expect(screen.queryByText('Picked')).not.toBeInTheDocument();
  });

  it('disables picking when the picks are used up', async () => {
    renderCta(makeEntitlements({ tier: 'trial', picksUsed: 3, picksLimit: 3 }));
    expect(await screen.findByRole('button', { name: 'Pick this book' })).toBeDisabled();
    expect(screen.getByText(/3 of 3 picks used\. Subscribe to pick more books\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/subscribe');
  });

  it('shows Picked with the lock end and Read now for a chosen Basic book', async () => {
    const lockedUntil = '2026-06-01T00:00:00.000Z';
    renderCta(
      makeEntitlements({
        tier: 'basic',
        picksUsed: 1,
        selections: [makeSelection({ bookId: 'book-1', lockedUntil, canRemove: false })],
      }),
      {},
      'basic',
    );
    expect(await screen.findByText('Picked')).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`Locked until ${formatDate(lockedUntil)}`))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read now' })).toHaveAttribute('href', '/reader/book-1');
    expect(screen.queryByRole('button', { name: 'Pick this book' })).not.toBeInTheDocument();
  });

  it('gives premium readers Read now without picking', async () => {
    renderCta(makeEntitlements({ tier: 'premium' }), {}, 'premium');
    expect(await screen.findByRole('link', { name: 'Read now' })).toHaveAttribute('href', '/reader/book-1');
    expect(screen.queryByRole('button', { name: 'Pick this book' })).not.toBeInTheDocument();
  });

  it("uses the server's effective tier: an expired trial is offered a plan", async () => {
    renderCta(makeEntitlements({ tier: 'free', subscriptionTier: 'trial', picksLimit: 0 }));
    expect(await screen.findByRole('link', { name: 'Subscribe to read' })).toHaveAttribute('href', '/subscribe');
    expect(screen.queryByRole('button', { name: 'Pick this book' })).not.toBeInTheDocument();
  });

  it('offers an upgrade when the tier does not allow the book', async () => {
    renderCta(makeEntitlements({ tier: 'trial' }), {}, 'premium');
    expect(await screen.findByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
      'href',
      '/subscribe?tier=premium',
    );
  });
});
