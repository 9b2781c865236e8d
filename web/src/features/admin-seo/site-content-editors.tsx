/**
 * The site content tabs of /admin/seo (docs/product/site-content.md#homepage, #static-pages): the homepage record
 * (hero texts, stats strip, featured choices) and the footer's pages (title, summary, body in the markdown subset,
 * questions and answers), each with a preview drawn as the public page draws it.
 */
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { THomepageContent } from '@shared/content';
import { HOMEPAGE_FEATURED_MAX, HOMEPAGE_FEATURED_MIN } from '@shared/content.schemas';
import { ZHomepageContent } from '@shared/content.schemas';
import { FAQ_TOPIC_LABELS, FAQ_TOPICS, SITE_PAGE_KEYS, type TSitePage, type TSitePageKey } from '@shared/site-pages';
import { ZSitePage } from '@shared/site-pages.schemas';
import { FormField } from '@web/components/forms/form-field';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { homeKeys, homepageContentQueryOptions } from '@web/features/home/queries';
import { Markdown } from '@web/features/site-pages/markdown';
import { sitePageKeys, sitePageQueryOptions, saveSitePage } from '@web/features/site-pages/queries';
import { api, describeError, readJson } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { toast } from '@web/lib/toast';

const TEXTAREA_CLASS =
  'min-h-24 rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
const SELECT_CLASS = 'h-10 rounded-md border border-input bg-background px-3 text-sm';
const PAGE_LABELS: Record<TSitePageKey, string> = {
  help: 'Help centre',
  about: 'About',
  contact: 'Contact',
  privacy: 'Privacy policy',
  terms: 'Terms of service',
};

type THomepageForm = z.input<typeof ZHomepageContent>;

function HomepageForm({ content }: { content: THomepageContent }) {
  const queryClient = useQueryClient();
  const form = useForm<THomepageForm, unknown, THomepageContent>({
    resolver: zodResolver(ZHomepageContent),
    defaultValues: { ...content, featured: content.featured ?? { title: 'Featured books', count: 8 } },
  });
  const stats = useFieldArray({ control: form.control, name: 'stats' });
  const { errors, isSubmitting } = form.formState;
  const watched = form.watch();

  async function submit(values: THomepageContent) {
    try {
      await readJson(api.admin['page-content'].homepage.$put({ json: values }));
      toast({ title: 'Homepage saved', description: 'The landing page shows it now.' });
      await queryClient.invalidateQueries({ queryKey: homeKeys.pageContent('homepage') });
    } catch (error) {
      if (applyServerFieldErrors(error, form.setError, ['heroTitle', 'heroSubtitle', 'stats']) === 0)
        toast({ title: 'Could not save the homepage', description: describeError(error), variant: 'destructive' });
    }
  }

  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <form onSubmit={form.handleSubmit(submit)} noValidate className="flex flex-col gap-4">
        <FormField id="home-hero-title" label="Hero title" error={errors.heroTitle?.message}>
          {(a11y) => <Input {...a11y} {...form.register('heroTitle')} />}
        </FormField>
        <FormField id="home-hero-subtitle" label="Hero subtitle" error={errors.heroSubtitle?.message}>
          {(a11y) => <textarea className={TEXTAREA_CLASS} {...a11y} {...form.register('heroSubtitle')} />}
        </FormField>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Stats strip</legend>
          {stats.fields.map((field, index) => (
            <div key={field.id} className="flex flex-wrap items-end gap-2">
              <FormField id={`home-stat-value-${index}`} label={`Figure ${index + 1}`}>
                {(a11y) => <Input className="w-28" {...a11y} {...form.register(`stats.${index}.value`)} />}
              </FormField>
              <FormField id={`home-stat-label-${index}`} label={`Label ${index + 1}`}>
                {(a11y) => <Input {...a11y} {...form.register(`stats.${index}.label`)} />}
              </FormField>
              <Button type="button" variant="ghost" size="sm" onClick={() => stats.remove(index)}>
                Remove<span className="sr-only"> figure {index + 1}</span>
              </Button>
            </div>
          ))}
          {(errors.stats?.message || errors.stats?.root?.message || errors.stats?.[0]) && (
            <p className="text-sm font-medium text-destructive">
              {errors.stats?.message ??
                errors.stats?.root?.message ??
                'The stats strip holds 1 to 6 figures, each with a value of at most 20 and a label of at most 40 characters'}
            </p>
          )}
          {stats.fields.length < 6 && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="self-start"
              onClick={() => stats.append({ value: '', label: '' })}
            >
              Add a figure
            </Button>
          )}
        </fieldset>
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-medium">Featured books section</legend>
          <FormField id="home-featured-title" label="Heading" error={errors.featured?.title?.message}>
            {(a11y) => <Input {...a11y} {...form.register('featured.title')} />}
          </FormField>
          <FormField
            id="home-featured-count"
            label="Books shown"
            error={errors.featured?.count?.message}
            hint={`${HOMEPAGE_FEATURED_MIN} to ${HOMEPAGE_FEATURED_MAX} of the books marked Featured`}
          >
            {(a11y) => (
              <Input
                type="number"
                min={HOMEPAGE_FEATURED_MIN}
                max={HOMEPAGE_FEATURED_MAX}
                {...a11y}
                {...form.register('featured.count', { valueAsNumber: true })}
              />
            )}
          </FormField>
        </fieldset>
        <Button type="submit" className="self-start" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save homepage'}
        </Button>
      </form>
      <section aria-labelledby="home-preview" className="overflow-hidden rounded-lg border border-border">
        <h3 id="home-preview" className="bg-secondary px-4 py-2 text-xs font-semibold uppercase tracking-wide">
          Preview
        </h3>
        <div className="bg-primary px-6 py-10 text-center text-primary-foreground">
          <p className="font-serif text-3xl font-bold">{watched.heroTitle}</p>
          <p className="mt-3 opacity-90">{watched.heroSubtitle}</p>
        </div>
        {/* Drawn here rather than with the landing's StatsStrip: sharing it would split it out of the landing's bundle. */}
        <dl className="grid grid-cols-3 gap-4 border-b border-border bg-card px-4 py-6 text-center">
          {stats.fields.map((field, index) => (
            <div key={field.id}>
              <dt className="sr-only">{watched.stats?.[index]?.label}</dt>
              <dd className="font-serif text-2xl font-bold text-primary">{watched.stats?.[index]?.value}</dd>
              <dd className="text-sm text-muted-foreground">{watched.stats?.[index]?.label}</dd>
            </div>
          ))}
        </dl>
        <p className="px-4 py-3 text-sm text-muted-foreground">
          Then “{watched.featured?.title}” with {Number(watched.featured?.count) || 0} featured books.
        </p>
      </section>
    </div>
  );
}

export function HomepageEditor() {
  const content = useQuery(homepageContentQueryOptions());
  if (content.isPending) return <Skeleton className="h-96 w-full" />;
  return (
    <HomepageForm content={content.data ?? { heroTitle: '', heroSubtitle: '', stats: [{ value: '', label: '' }] }} />
  );
}

type TSitePageForm = z.input<typeof ZSitePage>;

function SitePageForm({ pageKey, page }: { pageKey: TSitePageKey; page: TSitePage }) {
  const queryClient = useQueryClient();
  const form = useForm<TSitePageForm, unknown, TSitePage>({ resolver: zodResolver(ZSitePage), defaultValues: page });
  const faq = useFieldArray({ control: form.control, name: 'faq' });
  const { errors, isSubmitting } = form.formState;
  const body = form.watch('body');

  async function submit(values: TSitePage) {
    try {
      await saveSitePage(pageKey, values);
      toast({ title: `${PAGE_LABELS[pageKey]} saved`, description: 'The page shows it now.' });
      await queryClient.invalidateQueries({ queryKey: sitePageKeys.page(pageKey) });
    } catch (error) {
      if (applyServerFieldErrors(error, form.setError, ['title', 'summary', 'body', 'faq']) === 0)
        toast({ title: 'Could not save the page', description: describeError(error), variant: 'destructive' });
    }
  }

  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <form onSubmit={form.handleSubmit(submit)} noValidate className="flex flex-col gap-4">
        <FormField id="page-title" label="Page title" error={errors.title?.message}>
          {(a11y) => <Input {...a11y} {...form.register('title')} />}
        </FormField>
        <FormField id="page-summary" label="Summary" error={errors.summary?.message}>
          {(a11y) => <Input {...a11y} {...form.register('summary')} />}
        </FormField>
        <FormField
          id="page-body"
          label="Body"
          error={errors.body?.message}
          hint="## heading, - list item, **bold**, [link](/path) — shown as text, never as HTML"
        >
          {(a11y) => (
            <textarea className={`${TEXTAREA_CLASS} min-h-64 font-mono`} {...a11y} {...form.register('body')} />
          )}
        </FormField>
        {(pageKey === 'help' || faq.fields.length > 0) && (
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-1 text-sm font-medium">Questions and answers</legend>
            {faq.fields.map((field, index) => (
              <div key={field.id} className="grid gap-2 rounded-md border border-border p-3 sm:grid-cols-[10rem_1fr]">
                <FormField id={`faq-topic-${index}`} label="Topic" error={errors.faq?.[index]?.topic?.message}>
                  {(a11y) => (
                    <select className={SELECT_CLASS} {...a11y} {...form.register(`faq.${index}.topic`)}>
                      {FAQ_TOPICS.map((topic) => (
                        <option key={topic} value={topic}>
                          {FAQ_TOPIC_LABELS[topic]}
                        </option>
                      ))}
                    </select>
                  )}
                </FormField>
                <FormField id={`faq-question-${index}`} label="Question" error={errors.faq?.[index]?.question?.message}>
                  {(a11y) => <Input {...a11y} {...form.register(`faq.${index}.question`)} />}
                </FormField>
                <FormField
                  id={`faq-answer-${index}`}
                  label="Answer"
                  error={errors.faq?.[index]?.answer?.message}
                  className="sm:col-span-2"
                >
                  {(a11y) => (
                    <textarea className={TEXTAREA_CLASS} {...a11y} {...form.register(`faq.${index}.answer`)} />
                  )}
                </FormField>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="self-start"
                  onClick={() => faq.remove(index)}
                >
                  Remove question {index + 1}
                </Button>
              </div>
            ))}
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="self-start"
              onClick={() => faq.append({ topic: 'plans', question: '', answer: '' })}
            >
              Add a question
            </Button>
          </fieldset>
        )}
        <Button type="submit" className="self-start" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save page'}
        </Button>
      </form>
      <section aria-labelledby="page-preview" className="rounded-lg border border-border p-4">
        <h3 id="page-preview" className="mb-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
          Preview of the body
        </h3>
        <Markdown source={body ?? ''} headingOffset={1} />
      </section>
    </div>
  );
}

export function SitePagesEditor() {
  const [pageKey, setPageKey] = useState<TSitePageKey>('help');
  const page = useQuery(sitePageQueryOptions(pageKey));
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor="site-page-key" className="text-sm font-medium">
          Page
        </label>
        <select
          id="site-page-key"
          className={`${SELECT_CLASS} max-w-xs`}
          value={pageKey}
          onChange={(event) => setPageKey(event.target.value as TSitePageKey)}
        >
          {SITE_PAGE_KEYS.map((key) => (
            <option key={key} value={key}>
              {PAGE_LABELS[key]}
            </option>
          ))}
        </select>
      </div>
      {page.isPending ? (
        <Skeleton className="h-96 w-full" />
      ) : (
        <SitePageForm
          key={pageKey}
          pageKey={pageKey}
          page={page.data ?? { title: PAGE_LABELS[pageKey], summary: '', body: '', faq: [] }}
        />
      )}
    </div>
  );
}
