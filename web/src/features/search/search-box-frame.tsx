/**
 * The storefront search box's markup (docs/product/catalogue-and-search.md#search-box): search landmark, label, input
 * with its search icon, and the Search button. Both the light box drawn before the combobox code arrives
 * (deferred-search-box.tsx) and the combobox itself (search-box.tsx) draw this one frame, so the swap from one to the
 * other changes no pixel and moves nothing.
 */
import type { ComponentPropsWithRef, FormEvent, HTMLAttributes, ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Search } from 'lucide-react';
import { cn } from '@web/lib/cn';
import { Button } from '@web/components/ui/button';
import { bookstorePath } from '@web/lib/paths';

export const SEARCH_BOX_LABEL = 'Search books, authors or topics';
export const SEARCH_BOX_PLACEHOLDER = 'Title, author or topic';

export type TSearchBoxSize = 'default' | 'lg';

/**
 * What a plain search does (Enter with nothing picked, or the Search button), in either box: the caller's `onSearch`
 * with the trimmed text, else the bookstore searching it.
 */
export function usePlainSearch(onSearch?: (text: string) => void): (text: string) => void {
  const navigate = useNavigate();
  return (text) => {
    const query = text.trim();
    if (onSearch) onSearch(query);
    else navigate(bookstorePath({ search: query }));
  };
}

export interface SearchBoxFrameProps {
  label: string;
  showLabel: boolean;
  placeholder: string;
  size: TSearchBoxSize;
  className?: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Listeners on the whole form (the light box starts loading the combobox from them). */
  formEvents?: Pick<
    HTMLAttributes<HTMLFormElement>,
    'onFocus' | 'onPointerDown' | 'onPointerEnter' | 'onKeyDown' | 'onCompositionStart' | 'onCompositionEnd'
  >;
  labelProps: ComponentPropsWithRef<'label'>;
  inputProps: ComponentPropsWithRef<'input'>;
  /** Drawn below the field, inside its positioned box (the combobox's suggestion panel). */
  children?: ReactNode;
}

export function SearchBoxFrame({
  label,
  showLabel,
  placeholder,
  size,
  className,
  onSubmit,
  formEvents,
  labelProps,
  inputProps,
  children,
}: SearchBoxFrameProps) {
  const large = size === 'lg';
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to happy-dom (the unit tests' DOM) and to Safari before 17; this role is the same landmark everywhere.
    <form role="search" className={cn('w-full', className)} onSubmit={onSubmit} {...formEvents}>
      {/* biome-ignore lint/a11y/noLabelWithoutControl: labelProps carry htmlFor, the input's id (downshift's getLabelProps() in the combobox). */}
      <label {...labelProps} className={cn(showLabel ? 'mb-1.5 block text-sm font-medium' : 'sr-only')}>
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
            {...inputProps}
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
        {children}
      </div>
    </form>
  );
}
