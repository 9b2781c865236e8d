/**
 * The footer's static pages (docs/product/site-content.md#static-pages): Help centre, About, Contact, Privacy policy
 * and Terms, stored as page-content records admins edit, and the small markdown subset their bodies are written in.
 * The subset is parsed here into plain blocks and spans that the web app draws as elements: text stays text, no HTML
 * is ever passed through, and links go only to this site's paths, https:// or mailto: addresses. Pure: no I/O.
 */

export const SITE_PAGE_KEYS = ['help', 'about', 'contact', 'privacy', 'terms'] as const;
export type TSitePageKey = (typeof SITE_PAGE_KEYS)[number];

/** The path of each page (the footer's links). */
export const SITE_PAGE_PATHS: Record<TSitePageKey, string> = {
  help: '/help',
  about: '/about',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms',
};

export const FAQ_TOPICS = ['plans', 'picks-and-locks', 'offline', 'copy-limit', 'billing', 'account'] as const;
export type TFaqTopic = (typeof FAQ_TOPICS)[number];
export const FAQ_TOPIC_LABELS: Record<TFaqTopic, string> = {
  plans: 'Plans',
  'picks-and-locks': 'Picks and locks',
  offline: 'Offline devices',
  'copy-limit': 'Copy limit',
  billing: 'Billing',
  account: 'Your account',
};

export interface TFaqItem {
  topic: TFaqTopic;
  question: string;
  /** Markdown subset. */
  answer: string;
}

export interface TSitePage {
  title: string;
  /** One or two sentences under the title. */
  summary: string;
  /** Markdown subset. */
  body: string;
  /** Questions and answers (the Help centre's); empty elsewhere. */
  faq: TFaqItem[];
}

export const SITE_PAGE_MESSAGES = {
  key: `Page must be one of: homepage, ${SITE_PAGE_KEYS.join(', ')}`,
  title: 'Title is required and must be at most 200 characters',
  summary: 'Summary must be at most 500 characters',
  body: 'Body must be at most 50000 characters',
  faq: 'At most 100 questions, each with a question of at most 300 characters and an answer of at most 5000',
  faqTopic: `Topic must be one of: ${FAQ_TOPICS.join(', ')}`,
  notFound: 'Page not found',
} as const;

export type TInline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; text: string }
  | { kind: 'link'; text: string; href: string };

export type TBlock =
  | { kind: 'heading'; level: 2 | 3; text: string }
  | { kind: 'paragraph'; inlines: TInline[] }
  | { kind: 'list'; ordered: boolean; items: TInline[][] };

/** A link target the pages may use: a path on this site, an https:// page or a mailto: address. */
export function isSafeHref(href: string): boolean {
  return /^\/(?!\/)[^\s]*$/.test(href) || /^https:\/\/[^\s]+$/.test(href) || /^mailto:[^\s@]+@[^\s@]+$/.test(href);
}

/** Bold (**text**) and links ([text](href)); an unsafe link is left as its text. */
export function parseInline(text: string): TInline[] {
  const spans: TInline[] = [];
  const pattern = /\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > last) spans.push({ kind: 'text', text: text.slice(last, match.index) });
    if (match[1] !== undefined) spans.push({ kind: 'strong', text: match[1] });
    else if (isSafeHref(match[3])) spans.push({ kind: 'link', text: match[2], href: match[3] });
    else spans.push({ kind: 'text', text: match[2] });
    last = match.index + match[0].length;
  }
  if (last < text.length) spans.push({ kind: 'text', text: text.slice(last) });
  return spans;
}

/**
 * Blocks separated by blank lines: '## ' and '### ' headings, '- ' lists, '1. ' numbered lists, else a paragraph
 * (its lines joined by spaces). Anything else, HTML included, is plain text.
 */
export function parseMarkdown(source: string): TBlock[] {
  const blocks: TBlock[] = [];
  for (const chunk of source.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    if (lines.length === 0) continue;
    const heading = /^(#{2,3})\s+(.+)$/.exec(lines[0]);
    if (heading && lines.length === 1) {
      blocks.push({ kind: 'heading', level: heading[1].length === 2 ? 2 : 3, text: heading[2] });
      continue;
    }
    if (lines.every((line) => /^[-*]\s+/.test(line))) {
      blocks.push({
        kind: 'list',
        ordered: false,
        items: lines.map((line) => parseInline(line.replace(/^[-*]\s+/, ''))),
      });
      continue;
    }
    if (lines.every((line) => /^\d+\.\s+/.test(line))) {
      blocks.push({
        kind: 'list',
        ordered: true,
        items: lines.map((line) => parseInline(line.replace(/^\d+\.\s+/, ''))),
      });
      continue;
    }
    if (heading) {
      blocks.push({ kind: 'heading', level: heading[1].length === 2 ? 2 : 3, text: heading[2] });
      blocks.push({ kind: 'paragraph', inlines: parseInline(lines.slice(1).join(' ')) });
      continue;
    }
    blocks.push({ kind: 'paragraph', inlines: parseInline(lines.join(' ')) });
  }
  return blocks;
}

/** Plain text of a markdown subset (search in the Help centre). */
export function markdownText(source: string): string {
  return parseMarkdown(source)
    .map((block) =>
      block.kind === 'heading'
        ? block.text
        : block.kind === 'paragraph'
          ? block.inlines.map((span) => span.text).join('')
          : block.items.map((item) => item.map((span) => span.text).join('')).join(' '),
    )
    .join(' ');
}
