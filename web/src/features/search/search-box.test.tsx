import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TSearchSuggestion } from '@shared/search';
import { mockFetch, renderWithProviders } from '../catalogue/test-utils';
import { SearchBox } from './search-box';
import { apiPath } from '@web/lib/api-test-support';

const SUGGESTIONS: TSearchSuggestion[] = [
  { id: 'book-42', type: 'book', title: 'Leadership Now', subtitle: 'by Ann Lee' },
  { id: 'Leah Smith', type: 'author', title: 'Leah Smith', subtitle: '3 books' },
  { id: 'leadership', type: 'topic', title: 'leadership', subtitle: 'Topic' },
];

function setup(items: TSearchSuggestion[] = SUGGESTIONS) {
  const api = mockFetch({
    [apiPath('/search/suggest')]: (url) => ({ query: url.searchParams.get('q'), items }),
  });
  const user = userEvent.setup();
  renderWithProviders(<SearchBox />);
  const input = screen.getByRole('combobox', { name: 'Search books, authors or topics' });
  return { api, user, input };
}

const location = () => screen.getByTestId('location').textContent;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SearchBox', () => {
  it('does not ask for suggestions under two characters', async () => {
    const { api, user, input } = setup();
    await user.type(input, ' l ');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.callsTo(apiPath('/search/suggest'))).toHaveLength(0);
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('shows suggestions grouped by type once two characters are typed', async () => {
    const { api, user, input } = setup();
    await user.type(input, 'le');
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(3);
    expect(api.callsTo(apiPath('/search/suggest')).at(-1)?.searchParams.get('q')).toBe('le');
    expect(screen.getByRole('group', { name: 'Books' })).toHaveTextContent('Leadership Now');
    expect(screen.getByRole('group', { name: 'Authors' })).toHaveTextContent('Leah Smith');
    expect(screen.getByRole('group', { name: 'Topics' })).toHaveTextContent('leadership');
    expect(input).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows at most eight suggestions', async () => {
    const many = Array.from(
      { length: 12 },
      (_, index): TSearchSuggestion => ({
        id: `b${index}`,
        type: 'book',
        title: `Leader ${index}`,
        subtitle: '',
      }),
    );
    const { user, input } = setup(many);
    await user.type(input, 'lead');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(8));
  });

  it('moves the highlight with the arrow keys and opens the highlighted book with Enter', async () => {
    const { user, input } = setup();
    await user.type(input, 'lea');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(location()).toBe('/book/book-42');
  });

  it('opens the bookstore filtered by author for an author', async () => {
    const { user, input } = setup();
    await user.type(input, 'lea');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowUp}{Enter}');
    expect(location()).toBe('/bookstore?author=Leah+Smith');
  });

  it('opens the bookstore with a search for a topic (by click)', async () => {
    const { user, input } = setup();
    await user.type(input, 'lea');
    await user.click(await screen.findByRole('option', { name: /^leadership.*\(Topic\)$/ }));
    expect(location()).toBe('/bookstore?search=leadership');
  });

  it('submits a plain search with Enter when nothing is highlighted', async () => {
    const { user, input } = setup();
    await user.type(input, 'stoic ideas');
    await user.keyboard('{Enter}');
    expect(location()).toBe('/bookstore?search=stoic+ideas');
  });

  it('closes the list with Escape', async () => {
    const { user, input } = setup();
    await user.type(input, 'lea');
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('lea');
  });

  it('says so when nothing matches', async () => {
    const { user, input } = setup([]);
    await user.type(input, 'zzz');
    expect(await screen.findByText('No books, authors, or topics found for "zzz"')).toBeInTheDocument();
    const listbox = screen.getByRole('listbox', { hidden: true });
    expect(within(listbox).queryAllByRole('option', { hidden: true })).toHaveLength(0);
  });
});
