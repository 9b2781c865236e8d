/**
 * The footer's pages (docs/product/site-content.md#static-pages): /help, /about, /contact, /privacy and /terms, each
 * drawn from its page-content record. The Help centre lists its questions by topic with a search over questions and
 * answers; Contact lets a signed-in reader send a message through the feedback form.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import type { TSeoPageType } from '@shared/content';
import { FAQ_TOPIC_LABELS, FAQ_TOPICS, markdownText, type TFaqItem, type TSitePageKey } from '@shared/site-pages';
import { ErrorPanel } from '@web/components/error-panel';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCurrentUser } from '@web/features/auth/queries';
import { useSeo } from '@web/features/seo/use-seo';
import { BRAND_NAME } from '@web/lib/use-document-title';
import { Markdown } from './markdown';
import { sitePageQueryOptions } from './queries';

const FeedbackDialog = lazy(() => import('@web/features/feedback/feedback-dialog'));

const SEO_PAGE_TYPE: Record<TSitePageKey, TSeoPageType> = {
  help: 'help',
  about: 'about',
  contact: 'contact',
  privacy: 'legal',
  terms: 'legal',
};

function FaqList({ faq }: { faq: TFaqItem[] }) {
  const [query, setQuery] = useState('');
  const searchable = useMemo(
    () => faq.map((item) => ({ item, text: `${item.question} ${markdownText(item.answer)}`.toLowerCase() })),
    [faq],
  );
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const matching = searchable.filter((entry) => words.every((word) => entry.text.includes(word))).map((e) => e.item);
  return (
    <section aria-labelledby="faq-title" className="mt-8">
      <h2 id="faq-title" className="font-serif text-2xl font-semibold">
        Questions and answers
      </h2>
      <div className="relative mt-3 max-w-md">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <label htmlFor="faq-search" className="sr-only">
          Search the help centre
        </label>
        <Input
          id="faq-search"
          type="search"
          className="pl-9"
          placeholder="Search the help centre"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <p className="mt-2 text-sm text-muted-foreground" aria-live="polite">
        {words.length === 0 ? `${faq.length} questions` : `${matching.length} of ${faq.length} questions match`}
      </p>
      {FAQ_TOPICS.map((topic) => {
        const items = matching.filter((item) => item.topic === topic);
        if (items.length === 0) return null;
        return (
          <section key={topic} aria-labelledby={`faq-${topic}`} className="mt-6">
            <h3 id={`faq-${topic}`} className="font-serif text-xl font-semibold">
              {FAQ_TOPIC_LABELS[topic]}
            </h3>
            <div className="mt-2 flex flex-col divide-y divide-border rounded-lg border border-border bg-card">
              {items.map((item) => (
                <details key={item.question} className="group px-4 py-3" open={words.length > 0}>
                  <summary className="cursor-pointer font-medium">{item.question}</summary>
                  <div className="mt-2 text-muted-foreground">
                    <Markdown source={item.answer} headingOffset={1} />
                  </div>
                </details>
              ))}
            </div>
          </section>
        );
      })}
      {words.length > 0 && matching.length === 0 && (
        <p className="mt-6">
          Nothing matches “{query}”. Try other words, or{' '}
          <Link to="/contact" className="font-medium text-primary underline underline-offset-4">
            contact us
          </Link>
          .
        </p>
      )}
    </section>
  );
}

function ContactForm() {
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!user)
    return (
      <Button asChild className="mt-6 self-start">
        <Link to="/auth/login">Sign in to send a message</Link>
      </Button>
    );
  return (
    <>
      <Button type="button" className="mt-6 self-start" onClick={() => setOpen(true)}>
        Send us a message
      </Button>
      {open && (
        <Suspense fallback={null}>
          <FeedbackDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

export default function SitePage({ pageKey }: { pageKey: TSitePageKey }) {
  const page = useQuery(sitePageQueryOptions(pageKey));
  // Privacy and Terms share the 'legal' tags; each keeps its own title.
  const sharesTags = SEO_PAGE_TYPE[pageKey] === 'legal';
  useSeo(SEO_PAGE_TYPE[pageKey], sharesTags && page.data ? { title: `${page.data.title} | ${BRAND_NAME}` } : undefined);
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col px-4 py-10 sm:px-6">
      {page.isPending ? (
        <>
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="mt-4 h-40 w-full" />
        </>
      ) : page.isError || !page.data ? (
        <ErrorPanel
          title="We couldn't load this page."
          error={page.error}
          onRetry={() => void page.refetch()}
          isRetrying={page.isFetching}
        />
      ) : (
        <>
          <h1 className="font-serif text-3xl font-bold tracking-tight md:text-4xl">{page.data.title}</h1>
          {page.data.summary && <p className="mt-3 text-lg text-muted-foreground">{page.data.summary}</p>}
          <div className="mt-6">
            <Markdown source={page.data.body} />
          </div>
          {pageKey === 'contact' && <ContactForm />}
          {page.data.faq.length > 0 && <FaqList faq={page.data.faq} />}
        </>
      )}
    </article>
  );
}
