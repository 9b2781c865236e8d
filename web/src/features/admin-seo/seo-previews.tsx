/**
 * What the edited tags will look like (docs/product/site-content.md#seo): a search result (title and description cut
 * where search engines cut them) and the social card a shared link shows. On the book page type the templates are
 * filled with a sample book, as the server fills them with the real one.
 */
import { SEARCH_DESCRIPTION_SHOWN, SEARCH_TITLE_SHOWN } from '@shared/admin-seo';

const SAMPLE_BOOK = { title: 'Deep Focus', author: 'A. Writer', description: 'A short guide to doing one thing well.' };
const DEFAULT_IMAGE = '/icons/icon-512.png';

export interface TPreviewFields {
  title: string;
  description: string;
  canonicalUrl: string;
  ogTitle: string;
  ogDescription: string;
  ogImage: string;
  twitterTitle: string;
  twitterDescription: string;
  twitterImage: string;
  twitterCard: string;
}

function fill(text: string, isBook: boolean): string {
  return isBook
    ? text.replace(/\{(title|author|description)\}/g, (_, key: keyof typeof SAMPLE_BOOK) => SAMPLE_BOOK[key])
    : text;
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

export function SeoPreviews({ fields, path, isBook }: { fields: TPreviewFields; path: string; isBook: boolean }) {
  const origin = window.location.origin;
  const url = fields.canonicalUrl ? new URL(fields.canonicalUrl, origin).href : `${origin}${path}`;
  const title = fill(fields.title, isBook);
  const description = fill(fields.description, isBook);
  const cardTitle = fill(fields.twitterTitle || fields.ogTitle, isBook) || title;
  const cardDescription = fill(fields.twitterDescription || fields.ogDescription, isBook) || description;
  const image = fields.twitterImage || fields.ogImage || DEFAULT_IMAGE;
  const isLarge = fields.twitterCard === 'summary_large_image';
  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby="seo-search-preview" className="rounded-lg border border-border bg-card p-4">
        <h3
          id="seo-search-preview"
          className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground"
        >
          Search result
        </h3>
        <p className="truncate text-xs text-muted-foreground">{url}</p>
        <p className="text-lg leading-snug text-[#1a0dab] dark:text-[#8ab4f8]">{cut(title, SEARCH_TITLE_SHOWN)}</p>
        <p className="text-sm text-muted-foreground">{cut(description, SEARCH_DESCRIPTION_SHOWN)}</p>
      </section>
      <section aria-labelledby="seo-card-preview" className="rounded-lg border border-border bg-card p-4">
        <h3 id="seo-card-preview" className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
          Social card ({isLarge ? 'large image' : 'summary'})
        </h3>
        <div
          className={
            isLarge
              ? 'overflow-hidden rounded-md border border-border'
              : 'flex overflow-hidden rounded-md border border-border'
          }
        >
          <img
            src={image}
            alt=""
            className={
              isLarge
                ? 'aspect-[1.91/1] w-full bg-secondary object-cover'
                : 'size-24 shrink-0 bg-secondary object-cover'
            }
          />
          <div className="min-w-0 p-3">
            <p className="truncate text-xs uppercase text-muted-foreground">{new URL(url).host}</p>
            <p className="truncate font-semibold">{cardTitle}</p>
            <p className="line-clamp-2 text-sm text-muted-foreground">{cardDescription}</p>
          </div>
        </div>
      </section>
    </div>
  );
}
