/**
 * The storefront search box (docs/product/catalogue-and-search.md#search-box), built on downshift's useCombobox for the
 * combobox keyboard model and ARIA. Suggestions come from the server, which applies the matching
 * rules; this component only decides when to ask (2+ trimmed characters, debounced) and where each
 * choice leads.
 */
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useCombobox, type UseComboboxState, type UseComboboxStateChangeOptions } from 'downshift';
import { BookOpen, Loader2, Search, Tag, UserRound } from 'lucide-react';
import { SEARCH_MAX_SUGGESTIONS } from '@shared/limits';
import { emptySuggestionsText, isSuggestible, type TSearchSuggestion, type TSuggestionType } from '@shared/search';
import { cn } from '@web/lib/cn';
import { Button } from '@web/components/ui/button';
import { bookDetailPath, bookstorePath } from '@web/lib/paths';
import { searchSuggestQueryOptions } from './queries';
import { useDebouncedValue } from './use-debounced-value';

export const SUGGEST_DEBOUNCE_MS = 150;

const GROUPS: { type: TSuggestionType; label: string; icon: typeof BookOpen }[] = [
  { type: 'book', label: 'Books', icon: BookOpen },
  { type: 'author', label: 'Authors', icon: UserRound },
  { type: 'topic', label: 'Topics', icon: Tag },
];

const TYPE_NAMES: Record<TSuggestionType, string> = { book: 'Book', author: 'Author', topic: 'Topic' };

/** Where a chosen suggestion leads (docs/product/catalogue-and-search.md#search-box). */
export function suggestionPath(item: TSearchSuggestion): string {
  switch (item.type) {
    case 'book':
      return bookDetailPath(item.id);
    case 'author':
      return bookstorePath({ author: item.id || item.title });
    case 'topic':
      return bookstorePath({ search: item.id || item.title });
  }
}

/** At most 8, then ordered by group (books, authors, topics) keeping the server's order within each. */
function arrangeSuggestions(items: TSearchSuggestion[]): TSearchSuggestion[] {
  const shown = items.slice(0, SEARCH_MAX_SUGGESTIONS);
  return GROUPS.flatMap((group) => shown.filter((item) => item.type === group.type));
}

export interface SearchBoxProps {
  /** Visible label text; visually hidden unless showLabel is set. */
  label?: string;
  showLabel?: boolean;
  placeholder?: string;
  /** Text to start with (e.g. the bookstore's current ?search=); the box follows changes to it. */
  initialValue?: string;
  /** What a plain search (Enter with nothing highlighted, or the button) does; defaults to the bookstore. */
  onSearch?: (text: string) => void;
  size?: 'default' | 'lg';
  className?: string;
}

export function SearchBox({
  label = 'Search books, authors or topics',
  showLabel = false,
  placeholder = 'Title, author or topic',
  initialValue = '',
  onSearch,
  size = 'default',
  className,
}: SearchBoxProps) {
  const navigate = useNavigate();
  const [text, setText] = useState(initialValue);
  const groupId = useId();

  useEffect(() => {
    setText(initialValue);
  }, [initialValue]);

  const trimmed = text.trim();
  const debounced = useDebouncedValue(trimmed, SUGGEST_DEBOUNCE_MS);
  const canSuggest = isSuggestible(trimmed);
  const suggestions = useQuery({
    ...searchSuggestQueryOptions(debounced),
    enabled: canSuggest && isSuggestible(debounced),
  });

  const items = useMemo(
    () => (canSuggest ? arrangeSuggestions(suggestions.data?.items ?? []) : []),
    [canSuggest, suggestions.data],
  );

  const isSettled =
    canSuggest &&
    debounced === trimmed &&
    suggestions.isSuccess &&
    !suggestions.isPlaceholderData &&
    !suggestions.isFetching;
  const isEmpty = isSettled && items.length === 0;
  const isLoading = canSuggest && items.length === 0 && !isSettled && !suggestions.isError;

  function submitSearch(value: string) {
    const query = value.trim();
    if (onSearch) onSearch(query);
    else navigate(bookstorePath({ search: query }));
  }

  const { isOpen, highlightedIndex, getLabelProps, getMenuProps, getInputProps, getItemProps, closeMenu } =
    useCombobox<TSearchSuggestion>({
      items,
      inputValue: text,
      // Never keep a selection: every choice navigates away, and choosing the same entry twice must work.
      selectedItem: null,
      itemToString: (item) => item?.title ?? '',
      itemToKey: (item) => (item ? `${item.type}:${item.id}` : null),
      // downshift reports input changes from an effect; with a controlled inputValue that is one render
      // late and fast typing loses characters, so the text is taken from the input event itself below.
      onSelectedItemChange: ({ selectedItem }) => {
        if (!selectedItem) return;
        setText(selectedItem.title);
        navigate(suggestionPath(selectedItem));
      },
      stateReducer: reduceState,
      getA11yStatusMessage: ({ isOpen: open }) => {
        if (!open || !canSuggest) return '';
        if (isEmpty) return emptySuggestionsText(trimmed);
        if (items.length === 0) return '';
        return `${items.length} ${items.length === 1 ? 'suggestion' : 'suggestions'} available; use the up and down arrow keys to choose.`;
      },
    });

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter' || highlightedIndex >= 0 || event.nativeEvent.isComposing) return;
    // Nothing highlighted: Enter is a plain search, not a pick (downshift would otherwise swallow it).
    (
      event.nativeEvent as KeyboardEvent['nativeEvent'] & { preventDownshiftDefault?: boolean }
    ).preventDownshiftDefault = true;
    event.preventDefault();
    closeMenu();
    submitSearch(text);
  }

  const showPanel = isOpen && canSuggest && (items.length > 0 || isEmpty || isLoading);
  const large = size === 'lg';

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to happy-dom (the unit tests' DOM) and to Safari before 17; this role is the same landmark everywhere.
    <form
      role="search"
      className={cn('w-full', className)}
      onSubmit={(event) => {
        event.preventDefault();
        closeMenu();
        submitSearch(text);
      }}
    >
      {/* biome-ignore lint/a11y/noLabelWithoutControl: downshift's getLabelProps() sets htmlFor to the combobox input's id. */}
      <label {...getLabelProps()} className={cn(showLabel ? 'mb-1.5 block text-sm font-medium' : 'sr-only')}>
        {label}
      </label>
      <div className="relative">
        <div
          className={cn(
            'flex items-center gap-2 rounded-lg border border-input bg-card pl-3 pr-1 shadow-sm focus-within:ring-2 focus-within:ring-ring',
            large ? 'h-14' : 'h-11',
          )}
        >
          <Search className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <input
            {...getInputProps({ onKeyDown: handleKeyDown, onChange: (event) => setText(event.currentTarget.value) })}
            type="search"
            placeholder={placeholder}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            className={cn(
              'h-full min-w-0 flex-1 bg-transparent text-foreground placeholder:text-muted-foreground focus:outline-none [&::-webkit-search-cancel-button]:hidden',
              large ? 'text-base sm:text-lg' : 'text-base sm:text-sm',
            )}
          />
          <Button type="submit" size={large ? 'default' : 'sm'} className={large ? 'h-11' : 'h-9'}>
            Search
          </Button>
        </div>

        <div
          hidden={!showPanel}
          className="absolute inset-x-0 top-full z-40 mt-2 overflow-hidden rounded-lg border border-border bg-card text-left shadow-lg"
        >
          <ul
            {...getMenuProps()}
            className={cn('max-h-[min(24rem,60vh)] overflow-y-auto py-1', items.length === 0 && 'hidden')}
          >
            {showPanel &&
              GROUPS.map((group) => {
                const groupItems = items
                  .map((item, index) => ({ item, index }))
                  .filter(({ item }) => item.type === group.type);
                if (groupItems.length === 0) return null;
                const Icon = group.icon;
                const headingId = `${groupId}-${group.type}`;
                return (
                  <li key={group.type} role="presentation">
                    <div
                      id={headingId}
                      className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground"
                    >
                      {group.label}
                    </div>
                    {/* biome-ignore lint/a11y/useSemanticElements: a group of options inside the listbox (listbox > group > option); a <fieldset> groups form controls, not options. */}
                    <ul role="group" aria-labelledby={headingId}>
                      {groupItems.map(({ item, index }) => (
                        <li
                          key={`${item.type}:${item.id}`}
                          {...getItemProps({ item, index })}
                          className={cn(
                            'flex cursor-pointer items-center gap-3 px-3 py-2',
                            highlightedIndex === index ? 'bg-secondary text-secondary-foreground' : 'text-foreground',
                          )}
                        >
                          <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                          <span className="min-w-0 flex-1">
                            <span className="block truncate text-sm font-medium">{item.title}</span>
                            {item.subtitle && (
                              <span className="block truncate text-xs text-muted-foreground">{item.subtitle}</span>
                            )}
                          </span>
                          <span className="sr-only">({TYPE_NAMES[item.type]})</span>
                        </li>
                      ))}
                    </ul>
                  </li>
                );
              })}
          </ul>
          {isEmpty && (
            <p role="status" className="px-4 py-3 text-sm text-muted-foreground">
              {emptySuggestionsText(trimmed)}
            </p>
          )}
          {isLoading && (
            <p role="status" className="flex items-center gap-2 px-4 py-3 text-sm text-muted-foreground">
              <Loader2 className="size-4 animate-spin" aria-hidden="true" />
              Searching...
            </p>
          )}
        </div>
      </div>
    </form>
  );
}

/** Leaving the box (Tab) must not pick the highlighted entry and navigate away. */
function reduceState(
  state: UseComboboxState<TSearchSuggestion>,
  { type, changes }: UseComboboxStateChangeOptions<TSearchSuggestion>,
): Partial<UseComboboxState<TSearchSuggestion>> {
  if (type === useCombobox.stateChangeTypes.InputBlur) {
    return { ...changes, selectedItem: state.selectedItem, inputValue: state.inputValue };
  }
  return changes;
}
