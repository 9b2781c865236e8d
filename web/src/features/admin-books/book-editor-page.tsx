/**
 * /admin/books/:id (and /admin/books/new): a book's details form (docs/product/back-office.md#books), its PDF upload
 * with progress, its stored versions, and unpublish / republish after a confirmation. The server checks every field
 * again and its messages land on the fields.
 */
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ArrowLeft } from 'lucide-react';
import { ADMIN_BOOK_MESSAGES as M, type TAdminBook } from '@shared/admin-books';
import type { TAdminBookUpdate } from '@shared/admin-books.schemas';
import { formatLimit } from '@shared/ingest';
import { BOOK_TIERS, TIER_LABELS } from '@shared/tiers';
import { ErrorPanel } from '@web/components/error-panel';
import { FormField } from '@web/components/forms/form-field';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { AdminPageHeader } from '@web/features/admin-shell/admin-page';
import { formatDateTime } from '@web/features/admin-shell/filter-controls';
import { catalogueKeys, categoriesQueryOptions } from '@web/features/catalogue/queries';
import { describeError } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { toast } from '@web/lib/toast';
import { CoverPanel } from './cover-panel';
import { PdfUploadPanel } from './pdf-upload-panel';
import { adminBookQueryOptions, booksAdminKeys, createBook, updateBook } from './queries';

const TEXTAREA_CLASS =
  'min-h-24 w-full rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:text-sm';
const SELECT_CLASS = 'h-10 rounded-md border border-input bg-background px-2 text-sm';

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const ZBookForm = z.object({
  title: z.string().trim().min(1, M.title).max(200, M.title),
  author: z.string().trim().min(1, M.author).max(200, M.author),
  slug: z
    .string()
    .trim()
    .max(80, M.slug)
    .regex(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/, M.slug),
  description: z.string().trim().max(2000, M.description),
  longDescription: z.string().trim().max(20_000, M.longDescription),
  authorBio: z.string().trim().max(5000, M.authorBio),
  publishedYear: z
    .string()
    .trim()
    .regex(/^(?:\d{4})?$/, M.publishedYear)
    .refine((value) => value === '' || (Number(value) >= 1000 && Number(value) <= 2100), M.publishedYear),
  tableOfContents: z
    .string()
    .refine((value) => lines(value).length <= 100 && lines(value).every((l) => l.length <= 200), M.tableOfContents),
  keyTakeaways: z
    .string()
    .refine((value) => lines(value).length <= 20 && lines(value).every((l) => l.length <= 500), M.keyTakeaways),
  targetAudience: z.string().trim().max(500, M.targetAudience),
  publicReleaseDate: z.string().regex(/^(?:\d{4}-\d{2}-\d{2})?$/, M.publicReleaseDate),
  categoryIds: z.array(z.string()).max(10, M.categoryIds),
  isFeatured: z.boolean(),
  requiredTier: z.enum(BOOK_TIERS, { message: M.requiredTier }),
  previewPageCount: z
    .string()
    .trim()
    .regex(/^\d{1,2}$/, M.previewPageCount)
    .refine((value) => Number(value) <= 50, M.previewPageCount),
});
type TBookForm = z.infer<typeof ZBookForm>;

const FIELDS = [
  'title',
  'author',
  'slug',
  'description',
  'longDescription',
  'authorBio',
  'publishedYear',
  'tableOfContents',
  'keyTakeaways',
  'targetAudience',
  'publicReleaseDate',
  'categoryIds',
  'requiredTier',
  'previewPageCount',
] as const;

function formValues(book: TAdminBook | null): TBookForm {
  return {
    title: book?.title ?? '',
    author: book?.author ?? '',
    slug: book?.slug ?? '',
    description: book?.description ?? '',
    longDescription: book?.longDescription ?? '',
    authorBio: book?.authorBio ?? '',
    publishedYear: book?.publishedYear ? String(book.publishedYear) : '',
    tableOfContents: (book?.tableOfContents ?? []).join('\n'),
    keyTakeaways: (book?.keyTakeaways ?? []).join('\n'),
    targetAudience: book?.targetAudience ?? '',
    publicReleaseDate: book?.publicReleaseDate ?? '',
    categoryIds: book?.categoryIds ?? [],
    isFeatured: book?.isFeatured ?? false,
    requiredTier: book?.requiredTier ?? 'trial',
    previewPageCount: String(book?.previewPageCount ?? 5),
  };
}

function toPayload(values: TBookForm) {
  return {
    title: values.title,
    author: values.author,
    description: values.description,
    longDescription: values.longDescription || null,
    authorBio: values.authorBio || null,
    publishedYear: values.publishedYear ? Number(values.publishedYear) : null,
    tableOfContents: lines(values.tableOfContents),
    keyTakeaways: lines(values.keyTakeaways),
    targetAudience: values.targetAudience || null,
    publicReleaseDate: values.publicReleaseDate || null,
    categoryIds: values.categoryIds,
    isFeatured: values.isFeatured,
    requiredTier: values.requiredTier,
    previewPageCount: Number(values.previewPageCount),
  };
}

function BookDetailsForm({ book }: { book: TAdminBook | null }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const categories = useQuery(categoriesQueryOptions());
  const form = useForm<TBookForm>({ resolver: zodResolver(ZBookForm), defaultValues: formValues(book) });
  const { errors, isSubmitting, isDirty } = form.formState;
  const prefix = 'book';

  async function submit(values: TBookForm) {
    try {
      if (book) {
        const payload: TAdminBookUpdate = { ...toPayload(values), ...(values.slug ? { slug: values.slug } : {}) };
        const saved = await updateBook(book.id, payload);
        form.reset(formValues(saved));
        toast({ title: 'Book saved', description: saved.isPublished ? 'The shop shows the change now.' : undefined });
      } else {
        const created = await createBook({ ...toPayload(values), slug: values.slug });
        toast({ title: 'Book created', description: 'Upload its PDF to make it readable.' });
        navigate(`/admin/books/${created.id}`, { replace: true });
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: booksAdminKeys.all }),
        queryClient.invalidateQueries({ queryKey: catalogueKeys.books }),
      ]);
    } catch (error) {
      const mapped = applyServerFieldErrors(error, form.setError, FIELDS);
      if (mapped === 0)
        toast({ title: 'Could not save the book', description: describeError(error), variant: 'destructive' });
    }
  }

  const text = (name: (typeof FIELDS)[number], label: string, hint?: string) => (
    <FormField id={`${prefix}-${name}`} label={label} error={errors[name]?.message} hint={hint}>
      {(a11y) => <Input {...a11y} {...form.register(name)} />}
    </FormField>
  );
  const area = (name: (typeof FIELDS)[number], label: string, hint?: string) => (
    <FormField
      id={`${prefix}-${name}`}
      label={label}
      error={errors[name]?.message}
      hint={hint}
      className="md:col-span-2"
    >
      {(a11y) => <textarea className={TEXTAREA_CLASS} {...a11y} {...form.register(name)} />}
    </FormField>
  );

  return (
    <section aria-labelledby="book-details-title" className="rounded-lg border border-border bg-card p-4">
      <h2 id="book-details-title" className="mb-3 font-serif text-xl font-semibold">
        Details
      </h2>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-3 md:grid-cols-2">
        {text('title', 'Title')}
        {text('author', 'Author')}
        {text('slug', 'Slug', book ? 'The book page is /book/<slug>' : 'Left empty, it is made from the title')}
        {text('publishedYear', 'Published year')}
        {area('description', 'Description', 'Shown on cards and in search results')}
        {area('longDescription', 'Long description')}
        {area('authorBio', 'Author bio')}
        {area('tableOfContents', 'Table of contents', 'One entry per line')}
        {area('keyTakeaways', 'Key takeaways', 'One per line')}
        {text('targetAudience', 'Target audience')}
        <FormField id={`${prefix}-requiredTier`} label="Required tier" error={errors.requiredTier?.message}>
          {(a11y) => (
            <select className={SELECT_CLASS} {...a11y} {...form.register('requiredTier')}>
              {BOOK_TIERS.map((tier) => (
                <option key={tier} value={tier}>
                  {TIER_LABELS[tier]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {text('previewPageCount', 'Preview page count', 'Pages anyone can read before subscribing (0 to 50)')}
        <FormField
          id={`${prefix}-publicReleaseDate`}
          label="Public release date"
          error={errors.publicReleaseDate?.message}
          hint="Premium early access: before this day only Premium readers can read the book; others see “Coming on” the date. Empty: public now."
        >
          {(a11y) => <Input type="date" {...a11y} {...form.register('publicReleaseDate')} />}
        </FormField>
        <fieldset className="md:col-span-2" aria-describedby={errors.categoryIds ? 'book-categories-error' : undefined}>
          <legend className="text-sm font-medium">Categories</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {(categories.data?.items ?? []).map((category) => (
              <label key={category.id} className="flex items-center gap-1.5 text-sm">
                <input type="checkbox" value={category.id} {...form.register('categoryIds')} />
                {category.name}
              </label>
            ))}
          </div>
          {errors.categoryIds && (
            <p id="book-categories-error" className="text-sm font-medium text-destructive">
              {errors.categoryIds.message}
            </p>
          )}
        </fieldset>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...form.register('isFeatured')} />
          Featured on the home page and in the shop
        </label>
        <div className="flex gap-2 md:col-span-2">
          <Button type="submit" disabled={isSubmitting || (book !== null && !isDirty)}>
            {isSubmitting ? 'Saving...' : book ? 'Save changes' : 'Create book'}
          </Button>
          {book && isDirty && (
            <Button type="button" variant="ghost" onClick={() => form.reset(formValues(book))}>
              Discard changes
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}

function VersionsList({ book }: { book: TAdminBook }) {
  return (
    <section aria-labelledby="book-versions-title" className="rounded-lg border border-border bg-card p-4">
      <h2 id="book-versions-title" className="font-serif text-xl font-semibold">
        Versions
      </h2>
      {book.versions.length === 0 ? (
        <p className="mt-1 text-sm text-muted-foreground">No PDF yet: upload one to make the book readable.</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="py-1 pr-3">
                  Version
                </th>
                <th scope="col" className="py-1 pr-3">
                  Pages
                </th>
                <th scope="col" className="py-1 pr-3">
                  Size
                </th>
                <th scope="col" className="py-1 pr-3">
                  Preview pages
                </th>
                <th scope="col" className="py-1 pr-3">
                  Stored
                </th>
              </tr>
            </thead>
            <tbody>
              {book.versions.map((version) => (
                <tr key={version.version} className="border-b border-border/60">
                  <td className="py-1 pr-3">
                    v{version.version} {version.isCurrent && <Badge variant="secondary">Current</Badge>}
                  </td>
                  <td className="py-1 pr-3">{version.pageCount}</td>
                  <td className="py-1 pr-3">{formatLimit(version.sizeBytes)}</td>
                  <td className="py-1 pr-3">{version.previewPageCount}</td>
                  <td className="py-1 pr-3">{formatDateTime(version.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function PublicationControl({ book }: { book: TAdminBook }) {
  const queryClient = useQueryClient();
  async function toggle() {
    try {
      await updateBook(book.id, { isPublished: !book.isPublished });
      toast({ title: book.isPublished ? 'Book unpublished' : 'Book republished' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: booksAdminKeys.all }),
        queryClient.invalidateQueries({ queryKey: catalogueKeys.books }),
      ]);
    } catch (error) {
      toast({ title: 'Could not change publication', description: describeError(error), variant: 'destructive' });
      throw error;
    }
  }
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" size="sm" variant={book.isPublished ? 'outline' : 'default'}>
          {book.isPublished ? 'Unpublish' : 'Republish'}
        </Button>
      }
      title={book.isPublished ? 'Unpublish this book?' : 'Republish this book?'}
      confirmLabel={book.isPublished ? 'Unpublish' : 'Republish'}
      pendingLabel="Saving..."
      confirmVariant={book.isPublished ? 'destructive' : 'default'}
      onConfirm={toggle}
    >
      <p>
        {book.isPublished
          ? `"${book.title}" will leave the shop, search and readers' shelves, and cannot be opened until it is republished.`
          : `"${book.title}" will be back in the shop and readable by the readers its tier allows.`}
      </p>
    </ConfirmDialog>
  );
}

export default function BookEditorPage() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const book = useQuery({ ...adminBookQueryOptions(id), enabled: !isNew });
  const back = useMemo(
    () => (
      <Button asChild variant="ghost" size="sm">
        <Link to="/admin/books">
          <ArrowLeft aria-hidden="true" />
          All books
        </Link>
      </Button>
    ),
    [],
  );

  if (isNew)
    return (
      <section className="flex flex-col gap-4">
        <AdminPageHeader
          path="/admin/books"
          title="New book"
          description="Details first; the PDF comes next."
          actions={back}
        />
        <BookDetailsForm book={null} />
      </section>
    );
  if (book.isError)
    return (
      <section>
        <AdminPageHeader path="/admin/books" title="Book" actions={back} />
        <ErrorPanel
          title="We couldn't load this book."
          error={book.error}
          onRetry={() => void book.refetch()}
          isRetrying={book.isFetching}
        />
      </section>
    );
  if (!book.data)
    return (
      <section aria-busy="true">
        <AdminPageHeader path="/admin/books" title="Book" actions={back} />
        <Skeleton className="h-96 w-full" />
      </section>
    );
  const data = book.data;
  return (
    <section className="flex flex-col gap-4">
      <AdminPageHeader
        path="/admin/books"
        title={data.title}
        description={
          <span className="flex flex-wrap items-center gap-2">
            by {data.author}
            {data.isPublished ? (
              <Badge variant="secondary">Published</Badge>
            ) : (
              <Badge variant="outline">Unpublished</Badge>
            )}
            {data.contentVersion === null ? (
              <Badge variant="outline">No content</Badge>
            ) : (
              <span>
                v{data.contentVersion} · {data.pageCount} pages
              </span>
            )}
          </span>
        }
        actions={
          <>
            {back}
            <PublicationControl book={data} />
          </>
        }
      />
      <PdfUploadPanel bookId={data.id} />
      <VersionsList book={data} />
      <CoverPanel bookId={data.id} coverImageUrl={data.coverImageUrl} />
      <BookDetailsForm key={data.updatedAt} book={data} />
    </section>
  );
}
