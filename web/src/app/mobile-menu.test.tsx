import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TCurrentUser } from '@shared/auth';
import type { TRole } from '@shared/tiers';
import { MobileMenu } from './mobile-menu';
import { makeUser, renderWithRouter } from './test-helpers';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function openMenu(user: TCurrentUser | null, path = '/') {
  const utils = renderWithRouter(<MobileMenu user={user} />, { path });
  fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
  const dialog = await screen.findByRole('dialog', { name: 'Menu' });
  return { ...utils, dialog, menu: within(dialog) };
}

describe('<MobileMenu />', () => {
  it('lists every area for a signed-in reader, in order', async () => {
    const { menu } = await openMenu(makeUser());
    const nav = within(menu.getByRole('navigation', { name: 'Mobile' }));
    const labels = nav.getAllByRole('link').map((link) => link.textContent);
    expect(labels).toEqual([
      'Home',
      'Book Store',
      'My Library',
      'Offline reading',
      'Devices',
      'Challenges',
      'Dashboard',
      'Subscription',
    ]);
    expect(nav.getByRole('link', { name: 'Subscription' })).toHaveAttribute('href', '/subscribe');
    expect(menu.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('offers Sign In and Register to a signed-out visitor, without personal areas', async () => {
    const { menu } = await openMenu(null);
    expect(menu.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth/login');
    expect(menu.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/auth/register');
    expect(menu.queryByRole('link', { name: 'My Library' })).not.toBeInTheDocument();
    expect(menu.getByRole('link', { name: 'Book Store' })).toBeInTheDocument();
  });

  it.each<[TRole, boolean, boolean]>([
    ['user', false, false],
    ['moderator', false, false],
    ['admin', true, false],
    ['super_admin', true, true],
  ])('role %s: Admin group %s, Super Admin link %s', async (role, hasAdminGroup, hasSuperAdmin) => {
    const { menu } = await openMenu(makeUser({ role }));
    const group = menu.queryByRole('region', { name: 'Admin' });
    expect(Boolean(group)).toBe(hasAdminGroup);
    if (group) {
      const hrefs = within(group)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href'));
      expect(hrefs).toEqual(
        [
          '/admin',
          '/admin/bulk-categorization',
          '/admin/email-management',
          '/admin/subscription-management',
          '/testing-qa',
          hasSuperAdmin ? '/super-admin' : null,
        ].filter(Boolean),
      );
    }
    expect(Boolean(menu.queryByRole('link', { name: 'Super Admin' }))).toBe(hasSuperAdmin);
  });

  it('closes when the route changes', async () => {
    const { router } = await openMenu(makeUser());
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await act(() => router.navigate('/bookstore'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes when one of its links is followed', async () => {
    const { menu, router } = await openMenu(makeUser());
    fireEvent.click(menu.getByRole('link', { name: 'Challenges' }));
    expect(router.state.location.pathname).toBe('/challenges');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('toggles with its button and the close button, returning focus to the button', async () => {
    renderWithRouter(<MobileMenu user={null} />);
    const trigger = screen.getByRole('button', { name: 'Open menu' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(trigger);
    const dialog = await screen.findByRole('dialog');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', dialog.id);
    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(document.activeElement).toBe(trigger));
    fireEvent.click(trigger);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closes with Escape', async () => {
    await openMenu(null);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows "Signing out..." while logging out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const { menu } = await openMenu(makeUser());
    fireEvent.click(menu.getByRole('button', { name: 'Sign Out' }));
    expect(await menu.findByRole('button', { name: 'Signing out...' })).toBeDisabled();
    vi.unstubAllGlobals();
  });
});
