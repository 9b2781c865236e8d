import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import HomePage from './home-page';
import {
  HOMEPAGE_CONTENT,
  makeBooks,
  makeUser,
  mockFetch,
  renderWithProviders,
  storefrontRoutes,
} from '../catalogue/test-utils';
import { apiPath } from '@web/lib/api-test-support';

/** The lower sections arrive in their own chunk, one per task (lower-sections.tsx): a while on a loaded machine. */
const LOWER_SECTIONS_WAIT = { timeout: 5000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('HomePage', () => {
  it('shows the hero text and stats from the homepage page content', async () => {
    const api = mockFetch(storefrontRoutes());
    renderWithProviders(<HomePage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Read what moves you' })).toBeInTheDocument();
    expect(screen.getByText('Thousands of books on every device.')).toBeInTheDocument();
    const stats = screen.getByRole('region', { name: 'Wonderful Books in numbers' });
    for (const stat of HOMEPAGE_CONTENT.content.stats) {
      expect(within(stats).getByText(stat.value)).toBeInTheDocument();
      expect(within(stats).getByText(stat.label)).toBeInTheDocument();
    }
    expect(screen.queryByText('50K+')).not.toBeInTheDocument();
    expect(api.callsTo(apiPath('/page-content/homepage'))).toHaveLength(1);
  });

  it('leaves the stats out rather than inventing figures when the content cannot be read', async () => {
    mockFetch(storefrontRoutes({ [apiPath('/page-content/homepage')]: () => new Response('down', { status: 503 }) }));
    renderWithProviders(<HomePage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Wonderful Books' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Wonderful Books in numbers' })).not.toBeInTheDocument();
  });

  it('offers the trial and pricing to signed-out visitors', async () => {
    const user = userEvent.setup();
    mockFetch(storefrontRoutes());
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    renderWithProviders(<HomePage />);
    const hero = (await screen.findByRole('heading', { level: 1, name: 'Read what moves you' })).closest('section')!;
    expect(within(hero).getByRole('link', { name: /Start 7-Day Trial/ })).toHaveAttribute('href', '/auth/login');
    await user.click(within(hero).getByRole('button', { name: 'View Pricing' }));
    // The lower sections' chunk may still be on its way: the scroll follows it.
    await waitFor(
      () => expect(scrollIntoView).toHaveBeenCalledWith(expect.objectContaining({ behavior: 'smooth' })),
      LOWER_SECTIONS_WAIT,
    );
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('pricing'));
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/auth/register');
    expect(within(hero).queryByRole('link', { name: /My Library/ })).not.toBeInTheDocument();
  });

  it('offers the library and the store to signed-in readers', async () => {
    mockFetch(storefrontRoutes({ user: makeUser() }));
    renderWithProviders(<HomePage />);
    const hero = (await screen.findByRole('heading', { level: 1, name: 'Read what moves you' })).closest('section')!;
    expect(await within(hero).findByRole('link', { name: /My Library/ })).toHaveAttribute('href', '/library');
    expect(within(hero).getByRole('link', { name: /Browse Books/ })).toHaveAttribute('href', '/bookstore');
    expect(within(hero).queryByRole('link', { name: /Start 7-Day Trial/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create an account' })).not.toBeInTheDocument();
  });

  it('links each pricing card to the right place, with the badge from the plan record', async () => {
    mockFetch(storefrontRoutes());
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    renderWithProviders(<HomePage />);
    // The sections below the stats are drawn one per task after the first screen; "View Pricing" draws them at once.
    await userEvent.click(await screen.findByRole('button', { name: 'View Pricing' }));
    const pricing = await screen.findByRole('region', { name: 'Simple plans, no surprises' }, LOWER_SECTIONS_WAIT);
    expect(pricing).toHaveAttribute('id', 'pricing');
    await within(pricing).findByText('£5.99');
    expect(within(pricing).getByRole('link', { name: /Free Trial/ })).toHaveAttribute('href', '/auth/login');
    expect(within(pricing).getByRole('link', { name: /Basic Plan/ })).toHaveAttribute('href', '/subscribe?tier=basic');
    expect(within(pricing).getByRole('link', { name: /Premium Plan/ })).toHaveAttribute(
      'href',
      '/subscribe?tier=premium',
    );
    const premium = within(pricing).getByRole('group', { name: 'Premium Plan' });
    expect(within(premium).getByText('MOST POPULAR')).toBeInTheDocument();
  });

  it('shows six collection books and eight featured tiles while loading', async () => {
    let releaseFeatured: () => void = () => {};
    const api = mockFetch(
      storefrontRoutes({
        [apiPath('/books')]: async (url) => {
          if (url.searchParams.get('featured') === 'true') {
            await new Promise<void>((resolve) => (releaseFeatured = resolve));
            return { items: makeBooks(8, { isFeatured: true }), total: 8, page: 1, limit: 8 };
          }
          return { items: makeBooks(6), total: 100, page: 1, limit: 6 };
        },
      }),
    );
    renderWithProviders(<HomePage />);
    const featured = await screen.findByRole('region', { name: 'Featured books' }, LOWER_SECTIONS_WAIT);
    const skeleton = within(featured).getByTestId('book-grid-skeleton');
    expect(skeleton.children).toHaveLength(8);

    const collection = screen.getByRole('region', { name: "Readers' favourites" });
    await waitFor(() => expect(within(collection).getAllByRole('article')).toHaveLength(6));
    expect(within(collection).getByRole('link', { name: /Browse Full Collection/ })).toHaveAttribute(
      'href',
      '/bookstore',
    );
    const featuredRequest = api.calls.find((url) => url.searchParams.get('featured') === 'true')!;
    expect(featuredRequest.searchParams.get('limit')).toBe('8');

    releaseFeatured();
    await waitFor(() => expect(within(featured).getAllByRole('article')).toHaveLength(8));
  });

  it('has popular-search chips that open the store', async () => {
    mockFetch(storefrontRoutes());
    renderWithProviders(<HomePage />);
    for (const chip of ['Leadership', 'Personal Growth', 'Business', 'Psychology']) {
      expect(screen.getByRole('link', { name: chip })).toHaveAttribute(
        'href',
        `/bookstore?search=${encodeURIComponent(chip).replace(/%20/g, '+')}`,
      );
    }
  });
});
