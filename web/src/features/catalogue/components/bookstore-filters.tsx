import { useId, type ReactNode } from 'react';
import { ChevronDown, X } from 'lucide-react';
import type { TBookSort, TCategory } from '@shared/catalogue';
import { BOOK_TIERS } from '@shared/tiers';
import { cn } from '@web/lib/cn';
import { Button } from '@web/components/ui/button';
import { tierLabel } from '../format';
import type { TBookstoreFilters, TFiltersPatch } from '../use-bookstore-params';

export const SORT_LABELS: Record<TBookSort, string> = {
  popular: 'Most popular',
  rating: 'Highest rated',
  newest: 'Newest',
  title: 'Title A–Z',
};

/** Without an explicit sort the API orders searches by relevance and everything else by popularity. */
const RELEVANCE = 'relevance';

function SelectField({
  label,
  value,
  onChange,
  children,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          className="h-10 w-full appearance-none truncate rounded-md border border-input bg-card py-2 pl-3 pr-9 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60 sm:text-sm"
        >
          {children}
        </select>
        <ChevronDown
          className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
      </div>
    </div>
  );
}

export function BookstoreFilters({
  filters,
  categories,
  isCategoriesError,
  onChange,
}: {
  filters: TBookstoreFilters;
  categories: TCategory[] | undefined;
  isCategoriesError: boolean;
  onChange: (patch: TFiltersPatch) => void;
}) {
  const knownCategory = categories?.some((category) => category.slug === filters.category);
  const sortValue = filters.sort ?? (filters.search ? RELEVANCE : 'popular');

  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      <SelectField
        label="Category"
        value={filters.category ?? ''}
        onChange={(value) => onChange({ category: value || undefined })}
      >
        <option value="">All categories</option>
        {filters.category && !knownCategory && <option value={filters.category}>{filters.category}</option>}
        {categories?.map((category) => (
          <option key={category.id} value={category.slug}>
            {category.name}
            {category.bookCount ? ` (${category.bookCount})` : ''}
          </option>
        ))}
      </SelectField>
      {isCategoriesError && <p className="sr-only">Categories could not be loaded.</p>}

      <SelectField label="Plan" value={filters.tier ?? ''} onChange={(value) => onChange({ tier: value || undefined })}>
        <option value="">All</option>
        {BOOK_TIERS.map((tier) => (
          <option key={tier} value={tier}>
            {tierLabel(tier)}
          </option>
        ))}
      </SelectField>

      <SelectField
        label="Sort by"
        value={sortValue}
        onChange={(value) => {
          // The default order stays implicit in the URL.
          const isDefault = value === RELEVANCE || (value === 'popular' && !filters.search);
          onChange({ sort: isDefault ? undefined : value });
        }}
      >
        {filters.search && <option value={RELEVANCE}>Best match</option>}
        {(Object.keys(SORT_LABELS) as TBookSort[]).map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

export function FilterChip({
  label,
  onRemove,
  className,
}: {
  label: string;
  onRemove: () => void;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-center gap-1 rounded-full border border-primary/30 bg-secondary py-1 pl-3 pr-1 text-sm text-secondary-foreground',
        className,
      )}
    >
      <span className="truncate">{label}</span>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        onClick={onRemove}
        aria-label={`Remove filter ${label}`}
        className="size-7 rounded-full hover:bg-primary/10"
      >
        <X aria-hidden="true" />
      </Button>
    </span>
  );
}
