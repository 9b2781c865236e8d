/**
 * The categories tab of /admin/bulk-categorization (docs/product/site-content.md#categories): every category with its
 * slug, icon, colour, terms and books; 'New category' and 'Edit' open one form (react-hook-form + the shared zod rules),
 * 'Merge' moves a category's books to another one after a confirmation.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { z } from 'zod';
import { CATEGORY_MESSAGES, type TAdminCategory } from '@shared/admin-categories';
import { ZCategoryFields, type TCategoryCreate } from '@shared/admin-categories.schemas';
import { DataTable, type TDataTableColumn, type TDataTableQuery } from '@web/components/data-table/data-table';
import { ErrorPanel } from '@web/components/error-panel';
import { FormField } from '@web/components/forms/form-field';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { DialogFormActions, DialogPanel } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { describeError } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { toast } from '@web/lib/toast';
import {
  adminCategoriesQueryOptions,
  createCategory,
  mergeCategory,
  refreshCatalogue,
  updateCategory,
} from './queries';

const ZCategoryForm = z.object({
  name: ZCategoryFields.shape.name,
  slug: z.union([ZCategoryFields.shape.slug, z.literal('')]),
  description: z.string().trim().max(500, CATEGORY_MESSAGES.description),
  icon: z
    .string()
    .trim()
    .regex(/^([A-Z][A-Za-z0-9]{0,49})?$/, CATEGORY_MESSAGES.icon),
  color: z
    .string()
    .trim()
    .regex(/^(#[0-9a-fA-F]{6})?$/, CATEGORY_MESSAGES.color),
  terms: z.string().refine((value) => {
    const terms = splitTerms(value);
    return terms.length <= 50 && terms.every((term) => term.length <= 50);
  }, CATEGORY_MESSAGES.terms),
  isActive: z.boolean(),
});
type TCategoryForm = z.infer<typeof ZCategoryForm>;
const FIELDS = ['name', 'slug', 'description', 'icon', 'color', 'terms'] as const;

function splitTerms(value: string): string[] {
  return value
    .split(',')
    .map((term) => term.trim())
    .filter(Boolean);
}

function formValues(category: TAdminCategory | null): TCategoryForm {
  return {
    name: category?.name ?? '',
    slug: category?.slug ?? '',
    description: category?.description ?? '',
    icon: category?.icon ?? '',
    color: category?.color ?? '',
    terms: category?.terms.join(', ') ?? '',
    isActive: category?.isActive ?? true,
  };
}

function toInput(values: TCategoryForm): TCategoryCreate {
  return {
    name: values.name,
    slug: values.slug,
    description: values.description || null,
    icon: values.icon || null,
    color: values.color || null,
    terms: splitTerms(values.terms),
    isActive: values.isActive,
  };
}

function CategoryFormDialog({
  category,
  trigger,
}: {
  /** null: a new category. */
  category: TAdminCategory | null;
  trigger: React.ReactElement;
}) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const form = useForm<TCategoryForm>({ resolver: zodResolver(ZCategoryForm), defaultValues: formValues(category) });
  const { errors, isSubmitting } = form.formState;
  const prefix = `category-${category?.id ?? 'new'}`;

  async function submit(values: TCategoryForm) {
    try {
      const input = toInput(values);
      const saved = category
        ? await updateCategory(category.id, { ...input, slug: input.slug || category.slug })
        : await createCategory(input);
      toast({ title: `${saved.name} saved`, description: 'The shop shows the change now.' });
      setOpen(false);
      form.reset(formValues(category ? saved : null));
      await refreshCatalogue(queryClient);
    } catch (error) {
      if (applyServerFieldErrors(error, form.setError, FIELDS) === 0)
        toast({ title: 'Could not save the category', description: describeError(error), variant: 'destructive' });
    }
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (isSubmitting) return;
        setOpen(next);
        if (next) form.reset(formValues(category));
      }}
    >
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <DialogPanel title={category ? `Edit ${category.name}` : 'New category'} size="lg" hasDescription={false}>
        <form onSubmit={form.handleSubmit(submit)} noValidate className="mt-4 grid gap-3 sm:grid-cols-2">
          <FormField id={`${prefix}-name`} label="Name" error={errors.name?.message}>
            {(a11y) => <Input maxLength={100} {...a11y} {...form.register('name')} />}
          </FormField>
          <FormField id={`${prefix}-slug`} label="Slug" error={errors.slug?.message} hint="Made from the name if empty">
            {(a11y) => <Input {...a11y} {...form.register('slug')} />}
          </FormField>
          <FormField
            id={`${prefix}-description`}
            label="Description"
            error={errors.description?.message}
            className="sm:col-span-2"
          >
            {(a11y) => <Input {...a11y} {...form.register('description')} />}
          </FormField>
          <FormField
            id={`${prefix}-icon`}
            label="Icon"
            error={errors.icon?.message}
            hint="A lucide icon, e.g. BookOpen"
          >
            {(a11y) => <Input {...a11y} {...form.register('icon')} />}
          </FormField>
          <FormField id={`${prefix}-color`} label="Colour" error={errors.color?.message} hint="e.g. #7c3aed">
            {(a11y) => <Input {...a11y} {...form.register('color')} />}
          </FormField>
          <FormField
            id={`${prefix}-terms`}
            label="Terms"
            error={errors.terms?.message}
            hint="Words that say a book belongs here, separated by commas; they drive the suggestions"
            className="sm:col-span-2"
          >
            {(a11y) => <Input {...a11y} {...form.register('terms')} />}
          </FormField>
          <label className="flex items-center gap-2 text-sm font-medium sm:col-span-2">
            <input type="checkbox" className="size-4 accent-primary" {...form.register('isActive')} />
            Active (shown in the shop)
          </label>
          <DialogFormActions
            isPending={isSubmitting}
            submitLabel="Save category"
            pendingLabel="Saving…"
            className="sm:col-span-2"
          />
        </form>
      </DialogPanel>
    </Dialog.Root>
  );
}

function MergeDialog({ category, others }: { category: TAdminCategory; others: TAdminCategory[] }) {
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState('');
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const targetName = others.find((other) => other.id === target)?.name;

  async function merge(event: React.FormEvent) {
    event.preventDefault();
    if (!target) {
      setError(CATEGORY_MESSAGES.mergeTarget);
      return;
    }
    setIsPending(true);
    try {
      const result = await mergeCategory(category.id, target);
      toast({
        title: `${category.name} merged into ${result.into.name}`,
        description: `${result.booksMoved} ${result.booksMoved === 1 ? 'book' : 'books'} moved.`,
      });
      setOpen(false);
      await refreshCatalogue(queryClient);
    } catch (caught) {
      setError(describeError(caught));
    } finally {
      setIsPending(false);
    }
  }

  const selectId = `merge-${category.id}`;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (isPending) return;
        setOpen(next);
        setError(null);
        setTarget('');
      }}
    >
      <Dialog.Trigger asChild>
        <Button type="button" variant="ghost" size="sm">
          Merge<span className="sr-only"> {category.name}</span>
        </Button>
      </Dialog.Trigger>
      <DialogPanel title={`Merge ${category.name}`}>
        <Dialog.Description className="mt-2 text-sm text-muted-foreground">
          Its {category.bookCount} {category.bookCount === 1 ? 'book moves' : 'books move'} to the category you choose,
          and {category.name} is deleted. This cannot be undone.
        </Dialog.Description>
        <form onSubmit={merge} noValidate className="mt-4 flex flex-col gap-3">
          <label htmlFor={selectId} className="text-sm font-medium">
            Merge into
          </label>
          <select
            id={selectId}
            className="h-10 rounded-md border border-input bg-background px-3 text-sm"
            value={target}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${selectId}-error` : undefined}
            onChange={(event) => {
              setTarget(event.target.value);
              setError(null);
            }}
          >
            <option value="">Choose a category</option>
            {others.map((other) => (
              <option key={other.id} value={other.id}>
                {other.name}
              </option>
            ))}
          </select>
          {error && (
            <p id={`${selectId}-error`} className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
          <DialogFormActions
            isPending={isPending}
            submitLabel={targetName ? `Merge into ${targetName}` : 'Merge'}
            pendingLabel="Merging…"
            submitVariant="destructive"
          />
        </form>
      </DialogPanel>
    </Dialog.Root>
  );
}

export function CategoriesPanel() {
  const categories = useQuery(adminCategoriesQueryOptions());
  const [query, setQuery] = useState<TDataTableQuery>({ page: 1, pageSize: 25 });
  const items = categories.data?.items ?? [];
  const columns: TDataTableColumn<TAdminCategory>[] = [
    {
      id: 'name',
      header: 'Name',
      cell: ({ row }) => (
        <span className="flex items-center gap-2 font-medium">
          <span
            aria-hidden="true"
            className="inline-block size-3 shrink-0 rounded-full border border-border"
            style={{ background: row.original.color ?? 'transparent' }}
          />
          {row.original.name}
        </span>
      ),
    },
    { id: 'slug', header: 'Slug', cell: ({ row }) => <code className="text-xs">{row.original.slug}</code> },
    { id: 'icon', header: 'Icon', cell: ({ row }) => row.original.icon ?? '—' },
    {
      id: 'terms',
      header: 'Terms',
      cell: ({ row }) => (
        <span className="line-clamp-2 max-w-xs text-xs text-muted-foreground">
          {row.original.terms.join(', ') || 'From name and description'}
        </span>
      ),
    },
    { id: 'books', header: 'Books', cell: ({ row }) => row.original.bookCount },
    {
      id: 'active',
      header: 'Status',
      cell: ({ row }) =>
        row.original.isActive ? <Badge variant="secondary">Active</Badge> : <Badge variant="outline">Inactive</Badge>,
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <span className="flex gap-1">
          <CategoryFormDialog
            category={row.original}
            trigger={
              <Button type="button" variant="ghost" size="sm">
                Edit<span className="sr-only"> {row.original.name}</span>
              </Button>
            }
          />
          <MergeDialog category={row.original} others={items.filter((other) => other.id !== row.original.id)} />
        </span>
      ),
    },
  ];

  if (categories.isError)
    return (
      <ErrorPanel
        title="We couldn't load the categories."
        error={categories.error}
        onRetry={() => void categories.refetch()}
        isRetrying={categories.isFetching}
      />
    );
  const start = (query.page - 1) * query.pageSize;
  return (
    <DataTable
      label="Categories"
      columns={columns}
      rows={categories.data ? items.slice(start, start + query.pageSize) : undefined}
      total={categories.data ? items.length : undefined}
      isLoading={categories.isPending}
      isFetching={categories.isFetching}
      query={query}
      onQueryChange={(next) => setQuery((current) => ({ ...current, ...next }))}
      getRowId={(row) => row.id}
      emptyMessage="No categories yet."
      toolbar={
        <CategoryFormDialog
          category={null}
          trigger={
            <Button type="button" size="sm">
              <Plus aria-hidden="true" />
              New category
            </Button>
          }
        />
      }
    />
  );
}
