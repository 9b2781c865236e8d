/**
 * The search box pages draw before its combobox code arrives (deferred-search-box.tsx): the code's arrival is held
 * back with a gate on the './search-box' module, and the browser's idle callback is caught, so each test decides
 * when the combobox may replace the light box.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TSearchSuggestion } from '@shared/search';
import { mockFetch, renderWithProviders } from '../catalogue/test-utils';
import { apiPath } from '@web/lib/api-test-support';

const NAME = 'Search books, authors or topics';
const SUGGESTIONS: TSearchSuggestion[] = [
  { id: 'book-7', type: 'book', title: 'Meditations', subtitle: 'by Marcus Aurelius' },
];

let arrive: () => void;
let comboboxRequests: number;
let idleCallbacks: (() => void)[];

beforeEach(() => {
  vi.resetModules();
  comboboxRequests = 0;
  const gate = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  vi.doMock('./search-box', async () => {
    comboboxRequests += 1;
    await gate;
    return vi.importActual('./search-box');
  });
  idleCallbacks = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idleCallbacks.push(run));
  vi.stubGlobal('cancelIdleCallback', () => undefined);
  mockFetch({ [apiPath('/search/suggest')]: (url) => ({ query: url.searchParams.get('q'), items: SUGGESTIONS }) });
});

afterEach(() => {
  cleanup();
  vi.doUnmock('./search-box');
  vi.unstubAllGlobals();
});

async function renderBox(props: { onSearch?: (text: string) => void; size?: 'default' | 'lg' } = {}) {
  const { SearchBox } = await import('./deferred-search-box');
  renderWithProviders(<SearchBox {...props} />);
  return { user: userEvent.setup(), light: screen.getByRole('searchbox', { name: NAME }) };
}

const location = () => screen.getByTestId('location').textContent;

/** Every element's classes in the search landmark, in document order, leaving out the combobox's hidden panel. */
function frameClasses(): string[] {
  const form = screen.getByRole('search');
  return [form, ...form.querySelectorAll('*')]
    .filter((element) => !element.closest('[hidden]'))
    .map((element) => `${element.tagName} ${element.getAttribute('class') ?? ''}`);
}

describe('SearchBox before its combobox code arrives', () => {
  it('draws the same box, with the same accessible name, as the combobox that replaces it when the page is idle', async () => {
    await renderBox({ size: 'lg' });
    const lightFrame = frameClasses();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: NAME })).toHaveAttribute('placeholder', 'Title, author or topic');
    expect(screen.getByRole('button', { name: 'Search' })).toBeInTheDocument();

    // Nobody used the box: the idle callback still brings the combobox.
    expect(comboboxRequests).toBe(0);
    for (const run of idleCallbacks) run();
    arrive();
    const combobox = await screen.findByRole('combobox', { name: NAME });
    expect(comboboxRequests).toBe(1);
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(combobox).not.toHaveFocus();
    expect(frameClasses()).toEqual(lightFrame);
  });

  it('searches the bookstore for the typed text with Enter while the code has not arrived', async () => {
    const { user, light } = await renderBox();
    await user.type(light, '  stoic ideas {Enter}');
    expect(comboboxRequests).toBe(1);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(location()).toBe('/bookstore?search=stoic+ideas');
  });

  it("gives the typed text to the caller's onSearch with the button", async () => {
    const onSearch = vi.fn();
    const { user, light } = await renderBox({ onSearch });
    await user.type(light, 'habits');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith('habits');
    expect(location()).toBe('/');
  });

  it('asks for the combobox on focus, and it takes over with the typed text, the caret and the focus', async () => {
    const { user, light } = await renderBox();
    fireEvent.focus(light);
    await waitFor(() => expect(comboboxRequests).toBe(1));

    await user.type(light, 'medtions');
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(light).toHaveFocus();
    arrive();

    const combobox = await screen.findByRole('combobox', { name: NAME });
    expect(combobox).toHaveValue('medtions');
    expect(combobox).toHaveFocus();
    expect((combobox as HTMLInputElement).selectionStart).toBe(3);
    // The next key goes where the caret was, and the suggestions for the text are shown without another key.
    await user.keyboard('i');
    expect(combobox).toHaveValue('meditions');
    expect(await screen.findByRole('option', { name: /Meditations/ })).toBeInTheDocument();
    expect(comboboxRequests).toBe(1);
  });

  it('lets a click on the button finish on the light box when the code arrives while the button is pressed', async () => {
    await renderBox();
    fireEvent.change(screen.getByRole('searchbox', { name: NAME }), { target: { value: 'walden' } });
    const button = screen.getByRole('button', { name: 'Search' });
    fireEvent.pointerDown(button);
    arrive();
    await waitFor(() => expect(comboboxRequests).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('searchbox', { name: NAME })).toBeInTheDocument();

    fireEvent.pointerUp(window);
    fireEvent.click(button);
    expect(location()).toBe('/bookstore?search=walden');
  });

  it('stays a working light box when the code cannot be fetched, and asks again at the next use', async () => {
    vi.resetModules();
    let failures = 0;
    vi.doMock('./search-box', () => {
      failures += 1;
      throw new Error('offline');
    });
    const { user, light } = await renderBox();
    fireEvent.focus(light);
    await waitFor(() => expect(failures).toBe(1));
    await user.type(light, 'walden');
    await waitFor(() => expect(failures).toBeGreaterThan(1));
    await user.keyboard('{Enter}');
    expect(location()).toBe('/bookstore?search=walden');
  });
});
