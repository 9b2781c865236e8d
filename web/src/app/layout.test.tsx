import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createAppRoutes } from './router';
import { apiPath } from '@web/lib/api-test-support';
import { currentUserHandler, jsonResponse, renderRoutes, stubFetch } from './test-helpers';

/** The footer's pages used here as public screens, with the titles their records give them. */
const PAGE_TITLES: Record<string, string> = {
  help: 'Help Centre',
  about: 'About Wonderful Books',
  contact: 'Contact Us',
  privacy: 'Privacy Policy',
  terms: 'Terms of Service',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.scrollY = 0;
});

/** Signed out, so the screens used here are public ones (personal areas are guarded, see route-guard). */
function renderApp(path: string) {
  const signedOut = currentUserHandler(null);
  stubFetch((request) => {
    const key = request.path.startsWith(apiPath('/page-content/')) ? request.path.split('/').pop() : undefined;
    if (key && PAGE_TITLES[key])
      return jsonResponse({
        key,
        content: { title: PAGE_TITLES[key], summary: '', body: 'Text.', faq: [] },
        updatedAt: '2026-01-01T00:00:00.000Z',
      });
    return signedOut(request);
  });
  return renderRoutes(createAppRoutes(), { path });
}

describe('<RootLayout />', () => {
  it('shows the Loading... spinner while a lazy screen loads, then the screen', async () => {
    renderApp('/help');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help Centre' })).toBeInTheDocument();
  });

  it('has the landmarks: banner, main navigation, main and contentinfo', async () => {
    renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About Wonderful Books' });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    const footer = screen.getByRole('contentinfo');
    expect(
      within(footer).getByText(`© ${new Date().getFullYear()} Wonderful Books. All rights reserved.`),
    ).toBeInTheDocument();
    for (const heading of ['Books', 'Account', 'Support', 'Company']) {
      expect(within(footer).getByRole('heading', { name: heading })).toBeInTheDocument();
    }
  });

  it('starts with a skip link that moves focus to <main>', async () => {
    renderApp('/contact');
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    const firstFocusable = document.querySelector<HTMLElement>(
      'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])',
    );
    expect(firstFocusable).toBe(skip);
    expect(skip).toHaveAttribute('href', '#main-content');
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('tabindex', '-1');
    fireEvent.click(skip);
    expect(document.activeElement).toBe(main);
  });

  it('shows the scroll-to-top button only after 300 px', async () => {
    renderApp('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();
    act(() => {
      window.scrollY = 301;
      window.dispatchEvent(new Event('scroll'));
    });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Scroll to top' }));
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });

  it('re-keys the page wrapper on navigation so the new page fades in', async () => {
    const { router } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About Wonderful Books' });
    expect(document.querySelector('[data-page]')).toHaveAttribute('data-page', '/about');
    await act(() => router.navigate('/terms'));
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
    expect(document.querySelector('[data-page]')).toHaveAttribute('data-page', '/terms');
  });
});
