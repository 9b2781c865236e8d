import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import BookstorePage from './bookstore-page';
import { makeBooks, mockFetch, renderWithProviders, storefrontRoutes, type TRouteHandler } from './test-utils';
import { apiPath } from '@web/lib/api-test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const location = () => screen.getByTestId('location').textContent;

function renderStore(route: string, books?: TRouteHandler) {
  const api = mockFetch(storefrontRoutes(books ? { [apiPath('/books')]: books } : {}));
  renderWithProviders(<BookstorePage />, { route, path: '/bookstore' });
  return api;
}

describe('BookstorePage', () => {
  it('reads every filter from the URL and sends it to the API', async () => {
    const api = renderStore(
      '/bookstore?search=habits&author=James%20Clear&category=business&tier=basic&sort=rating&page=2',
      () => ({
        items: makeBooks(3),
        total: 1000,
        page: 2,
        limit: 24,
      }),
    );
    expect(await screen.findByText('1,000 books')).toBeInTheDocument();
    const request = api.callsTo(apiPath('/books')).at(-1)!;
    expect(Object.fromEntries(request.searchParams)).toEqual({
      search: 'habits',
      author: 'James Clear',
      category: 'business',
      tier: 'basic',
      sort: 'rating',
      page: '2',
      limit: '24',
    });
    // The light search box or its combobox, whichever is drawn now (deferred-search-box.tsx): both show the search.
    expect(screen.getByLabelText('Search the store')).toHaveValue('habits');
    expect(screen.getByText('Author: James Clear')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('business'));
    expect(screen.getByRole('combobox', { name: 'Plan' })).toHaveValue('basic');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('rating');
    expect(screen.getByText('Page 2 of 42')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('writes filter changes back to the URL and starts again at page 1', async () => {
    const user = userEvent.setup();
    const api = renderStore('/bookstore?author=James%20Clear&page=3');
    await screen.findByText('6 books');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Plan' }), 'premium');
    expect(location()).toBe('/bookstore?author=James+Clear&tier=premium');

    await waitFor(() => expect(screen.getByRole('option', { name: /Business/ })).toBeInTheDocument());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'business');
    expect(location()).toBe('/bookstore?author=James+Clear&tier=premium&category=business');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'title');
    expect(location()).toBe('/bookstore?author=James+Clear&tier=premium&category=business&sort=title');
    await waitFor(() => expect(api.callsTo(apiPath('/books')).at(-1)?.searchParams.get('sort')).toBe('title'));

    await user.click(screen.getByRole('button', { name: 'Remove filter Author: James Clear' }));
    expect(location()).toBe('/bookstore?tier=premium&category=business&sort=title');
  });

  it('searches from the search box while keeping the other filters', async () => {
    const user = userEvent.setup();
    mockFetch(storefrontRoutes({ [apiPath('/search/suggest')]: () => ({ query: '', items: [] }) }));
    renderWithProviders(<BookstorePage />, { route: '/bookstore?tier=basic', path: '/bookstore' });
    await screen.findByText('6 books');
    // Typing starts in the light box and may end in the combobox that replaces it: the text carries over either way.
    await user.type(screen.getByLabelText('Search the store'), 'stoic{Enter}');
    expect(location()).toBe('/bookstore?tier=basic&search=stoic');
  });

  it('pages with Previous and Next links', async () => {
    const user = userEvent.setup();
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    renderStore('/bookstore?tier=trial', (url) => ({
      items: makeBooks(24),
      total: 50,
      page: Number(url.searchParams.get('page') ?? 1),
      limit: 24,
    }));
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('link', { name: 'Next' }));
    expect(location()).toBe('/bookstore?tier=trial&page=2');
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/bookstore?tier=trial');
  });

  it('shows an empty state with a way to clear the filters', async () => {
    const user = userEvent.setup();
    renderStore('/bookstore?search=zzz&tier=premium', () => ({ items: [], total: 0, page: 1, limit: 24 }));
    expect(await screen.findByText('No books match your filters')).toBeInTheDocument();
    expect(screen.getByText('0 books')).toBeInTheDocument();
    const clearButtons = screen.getAllByRole('button', { name: 'Clear filters' });
    await user.click(clearButtons.at(-1)!);
    expect(location()).toBe('/bookstore');
  });

  it('shows an error with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderStore('/bookstore', () =>
      fail ? new Response('boom', { status: 500 }) : { items: makeBooks(2), total: 2, page: 1, limit: 24 },
    );
    expect(await screen.findByText("We couldn't load the books.")).toBeInTheDocument();
    expect(screen.getByText('500: boom')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('2 books')).toBeInTheDocument();
  });
});
