import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TRole } from '@shared/tiers';
import { Toaster } from '@web/components/ui/toaster';
import { resetToasts } from '@web/lib/toast';
import { Header } from './header';
import { currentUserHandler, makeUser, renderWithRouter, stubFetch } from './test-helpers';
import { apiPath } from '@web/lib/api-test-support';

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.scrollY = 0;
});

function renderHeader(path = '/') {
  return renderWithRouter(
    <>
      <Header />
      <Toaster />
    </>,
    { path },
  );
}

function mainNav() {
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

describe('<Header /> signed out', () => {
  it('shows Home and Store, Register and Sign In, and no personal links', async () => {
    stubFetch(currentUserHandler(null));
    renderHeader();
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/auth/register');
    expect(mainNav().getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(mainNav().getByRole('link', { name: 'Store' })).toHaveAttribute('href', '/bookstore');
    expect(mainNav().queryByRole('link', { name: 'Library' })).not.toBeInTheDocument();
    expect(mainNav().queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wonderful Books' })).toHaveAttribute('href', '/');
  });

  it('marks the current page with aria-current', async () => {
    stubFetch(currentUserHandler(null));
    renderHeader('/bookstore');
    await screen.findByRole('link', { name: 'Sign In' });
    expect(mainNav().getByRole('link', { name: 'Store' })).toHaveAttribute('aria-current', 'page');
    expect(mainNav().getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });
});

describe('<Header /> signed in', () => {
  it('shows Library, Offline, Dashboard, the plan badge, the first name and a logout control', async () => {
    const user = makeUser({ firstName: 'Ada', subscriptionTier: 'premium' });
    stubFetch(currentUserHandler(user));
    renderHeader();
    expect(await screen.findByText('Ada')).toBeInTheDocument();
    expect(mainNav().getByRole('link', { name: 'Library' })).toHaveAttribute('href', '/library');
    expect(mainNav().getByRole('link', { name: 'Offline' })).toHaveAttribute('href', '/offline');
    expect(mainNav().getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByText('PREMIUM')).toHaveClass('bg-premium');
    expect(screen.getByRole('link', { name: 'Ada' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('shows the avatar image when the user has one, else initials', async () => {
    const user = makeUser({ firstName: 'Grace', lastName: 'Hopper', profileImageUrl: null });
    stubFetch(currentUserHandler(user));
    renderHeader();
    const profile = await screen.findByRole('link', { name: /Grace/ });
    expect(within(profile).getByText('GH')).toBeInTheDocument();
  });

  it.each<[TRole, boolean, boolean]>([
    ['user', false, false],
    ['moderator', false, false],
    ['admin', true, false],
    ['super_admin', true, true],
  ])('role %s: admin icon %s, super-admin icon %s', async (role, hasAdmin, hasSuperAdmin) => {
    const user = makeUser({ role });
    stubFetch(currentUserHandler(user));
    renderHeader();
    await screen.findByText('Ada');
    const admin = screen.queryByRole('link', { name: 'Admin dashboard' });
    const superAdmin = screen.queryByRole('link', { name: 'Super admin tools' });
    expect(Boolean(admin)).toBe(hasAdmin);
    expect(Boolean(superAdmin)).toBe(hasSuperAdmin);
    if (admin) expect(admin).toHaveAttribute('href', '/admin');
    if (superAdmin) expect(superAdmin).toHaveAttribute('href', '/super-admin');
  });

  it.each<[TRole, boolean]>([
    ['user', false],
    ['moderator', true],
    ['admin', true],
    ['super_admin', true],
  ])('role %s: moderation queue link %s', async (role, hasModeration) => {
    stubFetch(currentUserHandler(makeUser({ role })));
    renderHeader();
    await screen.findByText('Ada');
    const moderation = screen.queryByRole('link', { name: 'Moderation queue' });
    expect(Boolean(moderation)).toBe(hasModeration);
    if (moderation) expect(moderation).toHaveAttribute('href', '/moderation');
  });

  it('takes the role only from the server record, not from the e-mail address', async () => {
    const user = makeUser({ role: 'user', email: 'admin@wonderful-books.app' });
    stubFetch(currentUserHandler(user));
    renderHeader();
    await screen.findByText('Ada');
    expect(screen.queryByRole('link', { name: 'Admin dashboard' })).not.toBeInTheDocument();
  });

  it('logs out: shows "Logging out...", clears the user and goes to /', async () => {
    const user = makeUser();
    let finishLogout: (response: Response) => void = () => {};
    const fetchMock = stubFetch(({ method, path, ...rest }) => {
      if (method === 'POST' && path === apiPath('/auth/logout'))
        return new Promise<Response>((resolve) => (finishLogout = resolve));
      return currentUserHandler(user)({ method, path, ...rest });
    });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { queryClient } = renderHeader();
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('button', { name: 'Logging out...' })).toBeDisabled();
    await act(async () => finishLogout(new Response(null, { status: 204 })));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(queryClient.getQueryData(['auth', 'user'])).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith(
      apiPath('/auth/logout'),
      expect.objectContaining({ method: 'POST', credentials: 'include' }),
    );
    expect(screen.getByText('Signed out')).toBeInTheDocument();
  });

  it('shows a destructive "Logout failed" toast when logout fails', async () => {
    const user = makeUser();
    stubFetch(({ method, path, ...rest }) => {
      if (method === 'POST' && path === apiPath('/auth/logout')) {
        return new Response(
          JSON.stringify({ status: 500, title: 'Internal Server Error', detail: 'Session store unavailable' }),
          {
            status: 500,
            headers: { 'Content-Type': 'application/problem+json' },
          },
        );
      }
      return currentUserHandler(user)({ method, path, ...rest });
    });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    renderHeader();
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    const title = await screen.findByText('Logout failed');
    expect(title.closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByText('Session store unavailable')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('uses the fallback text when the failure has no message', async () => {
    const user = makeUser();
    stubFetch(({ method, path, ...rest }) => {
      if (method === 'POST') return Promise.reject(new Error(''));
      return currentUserHandler(user)({ method, path, ...rest });
    });
    renderHeader();
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Something went wrong during logout.')).toBeInTheDocument();
  });
});

describe('<Header /> scrolling', () => {
  it('becomes opaque after 10 px of scroll', async () => {
    stubFetch(currentUserHandler(null));
    renderHeader();
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-scrolled', 'false');
    act(() => {
      window.scrollY = 11;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(header).toHaveAttribute('data-scrolled', 'true');
    expect(header).toHaveClass('shadow-md');
    act(() => {
      window.scrollY = 10;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(header).toHaveAttribute('data-scrolled', 'false');
  });
});
