/**
 * /admin/seo (docs/product/site-content.md#seo): one page type at a time, its search and social tags in one form with
 * a live preview of the search result and the social card; saving puts them in the server's HTML for the next request.
 * Below, the keyword records (joining the page's keywords tag) and the image records (standing in for a missing image).
 */
import { useState } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  META_ROBOTS,
  OG_TYPES,
  SEO_IMAGE_PURPOSES,
  TWITTER_CARDS,
  type TAdminSeoPage,
  type TSeoImage,
  type TSeoKeyword,
} from '@shared/admin-seo';
import { ZSeoConfigInput, type TSeoConfigInput } from '@shared/admin-seo.schemas';
import { SEO_PAGE_TYPES, type TSeoPageType } from '@shared/content';
import { ErrorPanel } from '@web/components/error-panel';
import { FormField } from '@web/components/forms/form-field';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { AdminPageHeader } from '@web/features/admin-shell/admin-page';
import { describeError } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { toast } from '@web/lib/toast';
import {
  adminSeoQueryOptions,
  createSeoImage,
  createSeoKeyword,
  deleteSeoImage,
  deleteSeoKeyword,
  saveSeoPage,
  seoAdminKeys,
  setSeoKeywordActive,
} from './queries';
import { SeoPreviews } from './seo-previews';
import { HomepageEditor, SitePagesEditor } from './site-content-editors';

const PAGE_TYPE_LABELS: Record<TSeoPageType, { label: string; path: string }> = {
  home: { label: 'Home page', path: '/' },
  bookstore: { label: 'Book store', path: '/bookstore' },
  book: { label: 'Book page', path: '/book/deep-focus' },
  subscribe: { label: 'Plans and pricing', path: '/subscribe' },
  auth: { label: 'Sign in and sign up', path: '/auth/login' },
  library: { label: 'My library', path: '/library' },
  dashboard: { label: 'Dashboard', path: '/dashboard' },
  challenges: { label: 'Challenges', path: '/challenges' },
  help: { label: 'Help centre', path: '/help' },
  about: { label: 'About', path: '/about' },
  contact: { label: 'Contact', path: '/contact' },
  legal: { label: 'Privacy and terms', path: '/privacy' },
  'not-found': { label: 'Page not found', path: '/missing-page' },
};

const SELECT_CLASS = 'h-10 rounded-md border border-input bg-background px-3 text-sm';
type TSeoFormInput = z.input<typeof ZSeoConfigInput>;
const FIELDS = [
  'title',
  'description',
  'keywords',
  'metaRobots',
  'ogTitle',
  'ogDescription',
  'ogImage',
  'ogType',
  'twitterTitle',
  'twitterDescription',
  'twitterImage',
  'twitterCard',
  'canonicalUrl',
] as const;

function formValues(page: TAdminSeoPage): TSeoFormInput {
  const config = page.config;
  return {
    title: config?.title ?? '',
    description: config?.description ?? '',
    keywords: config?.keywords ?? '',
    metaRobots: (config?.metaRobots as TSeoConfigInput['metaRobots']) ?? 'index, follow',
    ogTitle: config?.ogTitle ?? '',
    ogDescription: config?.ogDescription ?? '',
    ogImage: config?.ogImage ?? '',
    ogType: (config?.ogType as TSeoConfigInput['ogType']) ?? 'website',
    twitterTitle: config?.twitterTitle ?? '',
    twitterDescription: config?.twitterDescription ?? '',
    twitterImage: config?.twitterImage ?? '',
    twitterCard: (config?.twitterCard as TSeoConfigInput['twitterCard']) ?? 'summary_large_image',
    canonicalUrl: config?.canonicalUrl ?? '',
    isActive: config?.isActive ?? true,
  };
}

function PageTypeEditor({ page }: { page: TAdminSeoPage }) {
  const queryClient = useQueryClient();
  const form = useForm<TSeoFormInput, unknown, TSeoConfigInput>({
    resolver: zodResolver(ZSeoConfigInput),
    defaultValues: formValues(page),
  });
  const { errors, isSubmitting } = form.formState;
  const watched = form.watch();
  const isBook = page.pageType === 'book';
  const id = (field: string) => `seo-${field}`;

  async function submit(values: TSeoConfigInput) {
    try {
      const saved = await saveSeoPage(page.pageType, values);
      form.reset(formValues(saved));
      toast({
        title: `SEO of ${PAGE_TYPE_LABELS[page.pageType].label.toLowerCase()} saved`,
        description: 'The server sends the new tags from the next page request.',
      });
      await queryClient.invalidateQueries({ queryKey: seoAdminKeys.all });
    } catch (error) {
      if (applyServerFieldErrors(error, form.setError, FIELDS) === 0)
        toast({ title: 'Could not save the SEO', description: describeError(error), variant: 'destructive' });
    }
  }

  const text = (field: (typeof FIELDS)[number], label: string, hint?: string) => (
    <FormField id={id(field)} label={label} error={errors[field]?.message} hint={hint}>
      {(a11y) => <Input {...a11y} {...form.register(field)} />}
    </FormField>
  );
  const choice = (field: 'metaRobots' | 'ogType' | 'twitterCard', label: string, options: readonly string[]) => (
    <FormField id={id(field)} label={label} error={errors[field]?.message}>
      {(a11y) => (
        <select className={SELECT_CLASS} {...a11y} {...form.register(field)}>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
      <form onSubmit={form.handleSubmit(submit)} noValidate className="flex flex-col gap-5">
        {isBook && (
          <p className="rounded-md border border-border bg-secondary/40 p-3 text-sm">
            On book pages, write {'{title}'}, {'{author}'} and {'{description}'} to use each book's own; without them
            the book's own title and description are used.
          </p>
        )}
        <fieldset className="grid gap-3 md:grid-cols-2">
          <legend className="mb-2 font-serif text-lg font-semibold">Search</legend>
          {text('title', 'Title')}
          {text('keywords', 'Keywords', 'Separated by commas')}
          <div className="md:col-span-2">{text('description', 'Description')}</div>
          {choice('metaRobots', 'Meta robots', META_ROBOTS)}
          {text('canonicalUrl', 'Canonical URL', 'Empty: the page’s own address')}
        </fieldset>
        <fieldset className="grid gap-3 md:grid-cols-2">
          <legend className="mb-2 font-serif text-lg font-semibold">Open Graph</legend>
          {text('ogTitle', 'Open Graph title', 'Empty: the title')}
          {choice('ogType', 'Open Graph type', OG_TYPES)}
          <div className="md:col-span-2">
            {text('ogDescription', 'Open Graph description', 'Empty: the description')}
          </div>
          <div className="md:col-span-2">
            {text('ogImage', 'Open Graph image', 'A path such as /icons/icon-512.png or a full web address')}
          </div>
        </fieldset>
        <fieldset className="grid gap-3 md:grid-cols-2">
          <legend className="mb-2 font-serif text-lg font-semibold">Twitter</legend>
          {text('twitterTitle', 'Twitter title', 'Empty: the Open Graph title')}
          {choice('twitterCard', 'Twitter card', TWITTER_CARDS)}
          <div className="md:col-span-2">{text('twitterDescription', 'Twitter description')}</div>
          <div className="md:col-span-2">{text('twitterImage', 'Twitter image', 'Empty: the Open Graph image')}</div>
        </fieldset>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" className="size-4 accent-primary" {...form.register('isActive')} />
          Active (off: the site's defaults are used)
        </label>
        <div>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save SEO'}
          </Button>
        </div>
      </form>
      <SeoPreviews
        isBook={isBook}
        path={PAGE_TYPE_LABELS[page.pageType].path}
        fields={{
          title: watched.title ?? '',
          description: watched.description ?? '',
          canonicalUrl: watched.canonicalUrl ?? '',
          ogTitle: watched.ogTitle ?? '',
          ogDescription: watched.ogDescription ?? '',
          ogImage: watched.ogImage ?? '',
          twitterTitle: watched.twitterTitle ?? '',
          twitterDescription: watched.twitterDescription ?? '',
          twitterImage: watched.twitterImage ?? '',
          twitterCard: watched.twitterCard ?? 'summary_large_image',
        }}
      />
    </div>
  );
}

function KeywordsSection({ pageType, keywords }: { pageType: TSeoPageType; keywords: TSeoKeyword[] }) {
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mine = keywords.filter((entry) => entry.pageType === pageType);
  const refresh = () => queryClient.invalidateQueries({ queryKey: seoAdminKeys.all });

  async function add(event: React.FormEvent) {
    event.preventDefault();
    try {
      await createSeoKeyword({ keyword, pageType });
      setKeyword('');
      setError(null);
      await refresh();
    } catch (caught) {
      setError(describeError(caught));
    }
  }

  return (
    <section aria-labelledby="seo-keywords" className="rounded-lg border border-border bg-card p-4">
      <h2 id="seo-keywords" className="font-serif text-lg font-semibold">
        Keyword records
      </h2>
      <p className="mb-3 text-sm text-muted-foreground">Active keywords join this page type's keywords tag.</p>
      <form onSubmit={add} noValidate className="mb-3 flex flex-wrap items-end gap-2">
        <FormField id="seo-new-keyword" label="New keyword" error={error ?? undefined}>
          {(a11y) => <Input {...a11y} value={keyword} onChange={(event) => setKeyword(event.target.value)} />}
        </FormField>
        <Button type="submit" size="sm">
          Add keyword
        </Button>
      </form>
      {mine.length === 0 ? (
        <p className="text-sm text-muted-foreground">No keyword records for this page type.</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {mine.map((entry) => (
            <li key={entry.id} className="flex items-center gap-1 rounded-full border border-border px-3 py-1 text-sm">
              <span className={entry.isActive ? '' : 'text-muted-foreground line-through'}>{entry.keyword}</span>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="h-7 px-2"
                onClick={() => void setSeoKeywordActive(entry.id, !entry.isActive).then(refresh)}
              >
                {entry.isActive ? 'Pause' : 'Resume'}
                <span className="sr-only"> {entry.keyword}</span>
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="h-7 px-2"
                onClick={() => void deleteSeoKeyword(entry.id).then(refresh)}
              >
                Remove<span className="sr-only"> {entry.keyword}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ImagesSection({ pageType, images }: { pageType: TSeoPageType; images: TSeoImage[] }) {
  const queryClient = useQueryClient();
  const [imageUrl, setImageUrl] = useState('');
  const [altText, setAltText] = useState('');
  const [purpose, setPurpose] = useState<TSeoImage['purpose']>('og');
  const [error, setError] = useState<string | null>(null);
  const mine = images.filter((entry) => entry.pageType === pageType);
  const refresh = () => queryClient.invalidateQueries({ queryKey: seoAdminKeys.all });

  async function add(event: React.FormEvent) {
    event.preventDefault();
    try {
      await createSeoImage({ pageType, imageUrl, altText, purpose, width: null, height: null });
      setImageUrl('');
      setAltText('');
      setError(null);
      await refresh();
    } catch (caught) {
      setError(describeError(caught));
    }
  }

  return (
    <section aria-labelledby="seo-images" className="rounded-lg border border-border bg-card p-4">
      <h2 id="seo-images" className="font-serif text-lg font-semibold">
        Image records
      </h2>
      <p className="mb-3 text-sm text-muted-foreground">
        The first image of a purpose stands in when the form above leaves that image empty.
      </p>
      <form onSubmit={add} noValidate className="mb-3 flex flex-wrap items-end gap-2">
        <FormField id="seo-new-image" label="Image address" error={error ?? undefined}>
          {(a11y) => <Input {...a11y} value={imageUrl} onChange={(event) => setImageUrl(event.target.value)} />}
        </FormField>
        <FormField id="seo-new-image-alt" label="Alt text">
          {(a11y) => <Input {...a11y} value={altText} onChange={(event) => setAltText(event.target.value)} />}
        </FormField>
        <FormField id="seo-new-image-purpose" label="Purpose">
          {(a11y) => (
            <select
              className={SELECT_CLASS}
              {...a11y}
              value={purpose}
              onChange={(event) => setPurpose(event.target.value as TSeoImage['purpose'])}
            >
              {SEO_IMAGE_PURPOSES.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <Button type="submit" size="sm">
          Add image
        </Button>
      </form>
      {mine.length === 0 ? (
        <p className="text-sm text-muted-foreground">No image records for this page type.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {mine.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-center gap-2 text-sm">
              <Badge variant="outline">{entry.purpose}</Badge>
              <code className="break-all text-xs">{entry.imageUrl}</code>
              <span className="text-muted-foreground">{entry.altText}</span>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => void deleteSeoImage(entry.id).then(refresh)}
              >
                Remove<span className="sr-only"> {entry.imageUrl}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const tabClass =
  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=active]:bg-primary data-[state=active]:text-primary-foreground';

function TagsTab() {
  const seo = useQuery(adminSeoQueryOptions());
  const [pageType, setPageType] = useState<TSeoPageType>('home');
  const page = seo.data?.pages.find((entry) => entry.pageType === pageType);
  return (
    <>
      <div className="mb-5 flex flex-col gap-1.5">
        <label htmlFor="seo-page-type" className="text-sm font-medium">
          Page type
        </label>
        <select
          id="seo-page-type"
          className={`${SELECT_CLASS} max-w-xs`}
          value={pageType}
          onChange={(event) => setPageType(event.target.value as TSeoPageType)}
        >
          {SEO_PAGE_TYPES.map((type) => (
            <option key={type} value={type}>
              {PAGE_TYPE_LABELS[type].label}
            </option>
          ))}
        </select>
      </div>
      {seo.isError ? (
        <ErrorPanel
          title="We couldn't load the SEO settings."
          error={seo.error}
          onRetry={() => void seo.refetch()}
          isRetrying={seo.isFetching}
        />
      ) : !page || !seo.data ? (
        <Skeleton className="h-96 w-full" />
      ) : (
        <div className="flex flex-col gap-6">
          <PageTypeEditor key={pageType} page={page} />
          <div className="grid gap-4 lg:grid-cols-2">
            <KeywordsSection pageType={pageType} keywords={seo.data.keywords} />
            <ImagesSection pageType={pageType} images={seo.data.images} />
          </div>
        </div>
      )}
    </>
  );
}

export default function SeoPage() {
  return (
    <section>
      <AdminPageHeader
        path="/admin/seo"
        description="The tags the server puts in each page's HTML, the homepage's texts and figures, and the footer's pages."
      />
      <Tabs.Root defaultValue="tags">
        <Tabs.List aria-label="Site content" className="mb-4 flex flex-wrap gap-1 border-b border-border pb-2">
          <Tabs.Trigger value="tags" className={tabClass}>
            Search and social tags
          </Tabs.Trigger>
          <Tabs.Trigger value="homepage" className={tabClass}>
            Homepage
          </Tabs.Trigger>
          <Tabs.Trigger value="pages" className={tabClass}>
            Footer pages
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="tags" className="focus-visible:outline-none">
          <TagsTab />
        </Tabs.Content>
        <Tabs.Content value="homepage" className="focus-visible:outline-none">
          <HomepageEditor />
        </Tabs.Content>
        <Tabs.Content value="pages" className="focus-visible:outline-none">
          <SitePagesEditor />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
