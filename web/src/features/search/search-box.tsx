/**
 * The storefront search box (docs/product/catalogue-and-search.md#search-box), built on downshift's useCombobox for the
 * combobox keyboard model and ARIA. Suggestions come from the server, which applies the matching
 * rules; this component only decides when to ask (2+ trimmed characters, debounced) and where each
 * choice leads.
 */
import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useCombobox, type UseComboboxState, type UseComboboxStateChangeOptions } from 'downshift';
import { BookOpen, Loader2, Tag, UserRound } from 'lucide-react';
import { SEARCH_MAX_SUGGESTIONS } from '@shared/limits';
import { emptySuggestionsText, isSuggestible, type TSearchSuggestion, type TSuggestionType } from '@shared/search';
import { cn } from '@web/lib/cn';
import { bookDetailPath, bookstorePath } from '@web/lib/paths';
import { searchSuggestQueryOptions } from './queries';
import { useDebouncedValue } from './use-debounced-value';
import {
  SEARCH_BOX_LABEL,
  SEARCH_BOX_PLACEHOLDER,
  SearchBoxFrame,
  type TSearchBoxSize,
  usePlainSearch,
} from './search-box-frame';

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
  size?: TSearchBoxSize;
  className?: string;
  /**
   * The light box this combobox replaces (deferred-search-box.tsx): what was typed there before this code arrived,
   * and where the caret and focus were. Read once, when the combobox mounts.
   */
  handOff?: TSearchBoxHandOff;
}

export interface TSearchBoxHandOff {
  text: string;
  selectionStart: number | null;
  selectionEnd: number | null;
  focused: boolean;
}

export function SearchBox({
  label = SEARCH_BOX_LABEL,
  showLabel = false,
  placeholder = SEARCH_BOX_PLACEHOLDER,
  initialValue = '',
  onSearch,
  size = 'default',
  className,
  handOff,
}: SearchBoxProps) {
  const navigate = useNavigate();
  const [startedFrom] = useState(handOff);
  const [text, setText] = useState(startedFrom?.text ?? initialValue);
  // Follows later changes of initialValue only: at mount the text handed over by the light box wins.
  const [followedInitialValue, setFollowedInitialValue] = useState(initialValue);
  if (initialValue !== followedInitialValue) {
    setFollowedInitialValue(initialValue);
    setText(initialValue);
  }
  const groupId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  // Before the first paint of the combobox, so the caret and the focus ring never leave the box during the swap.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!startedFrom?.focused || !input) return;
    input.focus({ preventScroll: true });
    if (startedFrom.selectionStart !== null) {
      input.setSelectionRange(startedFrom.selectionStart, startedFrom.selectionEnd ?? startedFrom.selectionStart);
    }
  }, [startedFrom]);

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

  const submitSearch = usePlainSearch(onSearch);

  const { isOpen, highlightedIndex, getLabelProps, getMenuProps, getInputProps, getItemProps, closeMenu } =
    useCombobox<TSearchSuggestion>({
      items,
      inputValue: text,
      // Someone typing in the light box when this code arrived sees the suggestions they would have seen.
      initialIsOpen: Boolean(startedFrom?.focused) && isSuggestible(startedFrom?.text.trim() ?? ''),
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

  return (
    <SearchBoxFrame
      label={label}
      showLabel={showLabel}
      placeholder={placeholder}
      size={size}
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        closeMenu();
        submitSearch(text);
      }}
      labelProps={getLabelProps()}
      inputProps={getInputProps({
        ref: inputRef,
        onKeyDown: handleKeyDown,
        onChange: (event) => setText(event.currentTarget.value),
      })}
    >
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
    </SearchBoxFrame>
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
