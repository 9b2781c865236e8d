/**
 * "n / total" page entry: shows the page on screen, and on Enter (or leaving the field) goes to the
 * typed page, or explains the valid range and puts the current page back.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { parsePageEntry } from '../page-number';

export interface PageNumberFieldProps {
  pageNumber: number;
  pagesCount: number;
  disabled?: boolean;
  onGoToPage: (page: number) => void;
}

export function PageNumberField({ pageNumber, pagesCount, disabled, onGoToPage }: PageNumberFieldProps) {
  const [text, setText] = useState(String(pageNumber));
  const [isEditing, setIsEditing] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const messageId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!isEditing) setText(String(pageNumber));
  }, [pageNumber, isEditing]);

  function commit() {
    setIsEditing(false);
    if (text.trim() === String(pageNumber)) {
      setMessage(null);
      return;
    }
    const entry = parsePageEntry(text, pagesCount);
    if (entry.ok) {
      setMessage(null);
      onGoToPage(entry.page);
    } else {
      setMessage(entry.message);
      setText(String(pageNumber));
    }
  }

  // Enter leaves the field (which commits), so the reader's keyboard shortcuts work again at once.
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (inputRef.current && document.activeElement === inputRef.current) inputRef.current.blur();
    else commit();
  }

  return (
    <form onSubmit={onSubmit} className="relative flex items-center gap-1.5 text-sm" noValidate>
      <input
        ref={inputRef}
        type="text"
        inputMode="numeric"
        enterKeyHint="go"
        autoComplete="off"
        aria-label="Page number"
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        disabled={disabled || pagesCount === 0}
        value={text}
        onFocus={(event) => {
          setIsEditing(true);
          event.currentTarget.select();
        }}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setMessage(null);
        }}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            setText(String(pageNumber));
            setMessage(null);
            event.currentTarget.blur();
          }
        }}
        className="h-9 w-14 rounded-md border border-input bg-background px-2 text-center tabular-nums focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive"
      />
      <span className="whitespace-nowrap tabular-nums text-muted-foreground">
        <span aria-hidden="true">/ </span>
        <span className="sr-only">of </span>
        <span data-testid="page-count">{pagesCount || '–'}</span>
      </span>
      {message && (
        <p
          id={messageId}
          role="alert"
          className="reader-field-message absolute left-0 top-full z-10 mt-2 w-56 rounded-md bg-foreground px-3 py-2 text-xs text-background shadow-lg"
        >
          {message}
        </p>
      )}
    </form>
  );
}
