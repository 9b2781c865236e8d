/**
 * The bookstore's filters on phones (docs/product/catalogue-and-search.md#filters-on-phones): a bottom sheet on Radix
 * Dialog holding the same controls as the inline filters on wider screens. A change applies at once (the URL is the
 * state, and the results behind the sheet follow); 'Show N books' closes it. Loaded the first time it opens, so
 * the store's first screen does not carry the dialog code.
 */
import type { RefObject } from 'react';
import type { TCategory } from '@shared/catalogue';
import { Button } from '@web/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@web/components/ui/sheet';
import type { TBookstoreFilters, TFiltersPatch } from '../use-bookstore-params';
import { BookstoreFilters } from './bookstore-filters';

export interface BookstoreFilterSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The Filters button, which gets focus back when the sheet closes. */
  triggerRef: RefObject<HTMLButtonElement | null>;
  filters: TBookstoreFilters;
  categories: TCategory[] | undefined;
  isCategoriesError: boolean;
  onChange: (patch: TFiltersPatch) => void;
  onClear: () => void;
  hasFilters: boolean;
  /** 'Show 12 books' once the results for the current filters are known, else 'Show results'. */
  showLabel: string;
}

export default function BookstoreFilterSheet({
  open,
  onOpenChange,
  triggerRef,
  filters,
  categories,
  isCategoriesError,
  onChange,
  onClear,
  hasFilters,
  showLabel,
}: BookstoreFilterSheetProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="bottom"
        closeLabel="Close filters"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          triggerRef.current?.focus();
        }}
      >
        <SheetHeader>
          <SheetTitle>Filters</SheetTitle>
          <SheetDescription>Narrow the store by category or plan, and choose the order.</SheetDescription>
        </SheetHeader>
        <div className="p-4">
          <BookstoreFilters
            filters={filters}
            categories={categories}
            isCategoriesError={isCategoriesError}
            onChange={onChange}
          />
        </div>
        <div className="mt-auto flex gap-3 border-t border-border p-4">
          {hasFilters && (
            <Button variant="outline" className="h-11 flex-1" onClick={onClear}>
              Clear filters
            </Button>
          )}
          <Button className="h-11 flex-1" onClick={() => onOpenChange(false)}>
            {showLabel}
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  );
}
