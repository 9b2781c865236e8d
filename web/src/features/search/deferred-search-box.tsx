/**
 * The storefront search box as pages use it (docs/product/catalogue-and-search.md#search-box). Its combobox
 * (search-box.tsx: downshift and the suggestions, about 12 KB brotli) is not needed to draw the page, so it is not in
 * the page's first scripts (docs/decisions/020-app-starts-after-the-first-paint.md): a light box with the same frame
 * (search-box-frame.tsx) is drawn at once and the combobox replaces it when it arrives. Its code is asked for when the
 * box is about to be used (focus, a pointer over it or pressed on it, a key) and in any case once the page is idle, so
 * a visitor who does nothing still ends with the real box.
 *
 * Nothing typed is lost: the light box keeps its text, and the combobox mounts with that text, the caret where it
 * was and the focus. Enter or the button in the light box searches the bookstore as the combobox would. If the code
 * cannot be fetched (offline, a stale deploy), the light box stays and still searches; the next use asks again.
 */
import { useEffect, useId, useRef, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import type { SearchBoxProps, TSearchBoxHandOff } from './search-box';
import { SEARCH_BOX_LABEL, SEARCH_BOX_PLACEHOLDER, SearchBoxFrame, usePlainSearch } from './search-box-frame';

type TCombobox = (props: SearchBoxProps) => ReactNode;

/** requestIdleCallback may wait long on a busy page: the combobox is fetched after this long at the latest. */
const COMBOBOX_IDLE_TIMEOUT_MS = 3_000;
/** Where there is no requestIdleCallback (Safari): after the page's own start-up work. */
const COMBOBOX_FALLBACK_DELAY_MS = 1_000;

let loadedCombobox: TCombobox | null = null;
let pendingCombobox: Promise<TCombobox> | null = null;

/** Fetches the combobox's code once per page load; a failed fetch is forgotten so the next use asks again. */
function loadSearchCombobox(): Promise<TCombobox> {
  pendingCombobox ??= import('./search-box').then(
    (module) => {
      loadedCombobox = module.SearchBox;
      return module.SearchBox;
    },
    (error: unknown) => {
      pendingCombobox = null;
      throw error;
    },
  );
  return pendingCombobox;
}

/** Asks for the combobox and hands it to a box's state when it arrives. */
function requestCombobox(setCombobox: Dispatch<SetStateAction<TCombobox | null>>): void {
  loadSearchCombobox().then(
    (loaded) => setCombobox(() => loaded),
    // The light box keeps working; the next focus, key or pointer asks again.
    () => undefined,
  );
}

/** Runs `run` when the browser is idle; returns a function that cancels it. */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: COMBOBOX_IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(run, COMBOBOX_FALLBACK_DELAY_MS);
  return () => window.clearTimeout(timer);
}

export function SearchBox(props: SearchBoxProps) {
  const {
    label = SEARCH_BOX_LABEL,
    showLabel = false,
    placeholder = SEARCH_BOX_PLACEHOLDER,
    initialValue = '',
    onSearch,
    size = 'default',
    className,
  } = props;
  const submitSearch = usePlainSearch(onSearch);
  // A box mounted after the code arrived (another visit to the page) is the combobox from the start.
  const [Combobox, setCombobox] = useState<TCombobox | null>(() => loadedCombobox);
  const [text, setText] = useState(initialValue);
  const [followedInitialValue, setFollowedInitialValue] = useState(initialValue);
  if (initialValue !== followedInitialValue) {
    setFollowedInitialValue(initialValue);
    setText(initialValue);
  }
  // The swap waits while a pointer is pressed on the box (a click on the button must land on the button it began on)
  // and while an input method is composing a character.
  const [isPointerDown, setPointerDown] = useState(false);
  const [isComposing, setComposing] = useState(false);
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const load = () => requestCombobox(setCombobox);

  useEffect(() => {
    if (Combobox) return;
    return whenIdle(() => requestCombobox(setCombobox));
  }, [Combobox]);

  function holdSwapWhilePressed() {
    setPointerDown(true);
    const release = () => {
      window.removeEventListener('pointerup', release);
      window.removeEventListener('pointercancel', release);
      // After this task: the mouse's click follows its pointerup in the same task.
      window.setTimeout(() => setPointerDown(false), 0);
    };
    window.addEventListener('pointerup', release);
    window.addEventListener('pointercancel', release);
  }

  const lightInput = inputRef.current;
  if (Combobox && !isPointerDown && !isComposing) {
    // Read from the light box's input as it is now, in the render that replaces it: every key and caret move so far
    // has been handled, and the combobox takes over before the next one.
    const handOff: TSearchBoxHandOff | undefined = lightInput
      ? {
          text,
          selectionStart: lightInput.selectionStart,
          selectionEnd: lightInput.selectionEnd,
          focused: lightInput.ownerDocument.activeElement === lightInput,
        }
      : undefined;
    return <Combobox {...props} handOff={handOff} />;
  }

  return (
    <SearchBoxFrame
      label={label}
      showLabel={showLabel}
      placeholder={placeholder}
      size={size}
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        submitSearch(text);
      }}
      formEvents={{
        onFocus: load,
        onPointerEnter: load,
        onPointerDown: () => {
          load();
          holdSwapWhilePressed();
        },
        onKeyDown: load,
        onCompositionStart: () => setComposing(true),
        onCompositionEnd: () => setComposing(false),
      }}
      labelProps={{ htmlFor: inputId }}
      inputProps={{
        id: inputId,
        ref: inputRef,
        value: text,
        onChange: (event) => setText(event.currentTarget.value),
      }}
    />
  );
}
