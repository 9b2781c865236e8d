/**
 * A static picture of the first screen of the landing page (header and hero) and of a book page (header,
 * cover, title), written into the shell for a signed-out visitor (docs/decisions/018-route-code-in-the-shell.md). The page then has its heading and
 * text on screen as soon as the HTML and the stylesheet arrive, instead of after the whole app has
 * downloaded and run; on a phone connection that is the difference between about one second and three.
 *
 * The picture is inert (no focus, not in the accessibility tree) and the app's root stays hidden while
 * it is there (`#first-screen` in web/src/styles.css); the app removes it in the same frame as its own
 * screen appears (web/src/lib/first-screen.tsx). It uses the same utility classes as the React
 * components it imitates (web/src/app/header.tsx, web/src/features/home/components/hero-section.tsx),
 * so the swap does not move anything. Pure; every value is HTML-escaped.
 */
import type { TBookDetail, TBookList, TBookSummary } from '@shared/catalogue';
import type { THomepageContent } from '@shared/content';
import { TIER_LABELS, type TBookTier } from '@shared/tiers';
import { escapeHtml } from './seo-head';

/** Id of the picture; the app removes the element with this id. */
export const FIRST_SCREEN_ELEMENT_ID = 'first-screen';

const LOGO_MARK =
  '<svg viewBox="0 0 64 64" class="size-8 shrink-0" aria-hidden="true" focusable="false">' +
  '<rect width="64" height="64" rx="14" fill="#1f3a5f" />' +
  '<polygon points="11.52,19.2 30.08,23.04 30.08,49.28 11.52,45.44" fill="#faf7f2" />' +
  '<polygon points="52.48,19.2 33.92,23.04 33.92,49.28 52.48,45.44" fill="#faf7f2" />' +
  '<polygon points="38.4,19.84 44.8,18.56 44.8,35.84 41.6,32.64 38.4,36.48" fill="#b45309" />' +
  '</svg>';

/** The Button component's classes as tailwind-merge leaves them (display, height and text size given per use). */
const BUTTON = 'items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium';

const NAV_LINK = 'inline-flex h-10 items-center rounded-md px-2.5 text-sm font-medium lg:px-3';

/** The signed-out header bar: brand, the two public links (the page's own marked), Register and Sign In, the menu button's place. */
function headerHtml(active: '/' | '/bookstore'): string {
  const navLink = (to: string, label: string) =>
    `<li><a href="${to}" class="${NAV_LINK} ${to === active ? 'bg-secondary text-secondary-foreground' : 'text-muted-foreground'}">${label}</a></li>`;
  return `<div class="flex min-h-dvh flex-col">
<header class="sticky top-0 z-40 w-full border-b backdrop-blur border-transparent bg-background/70">
<div class="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:gap-6 lg:px-8">
<a href="/" class="flex shrink-0 items-center gap-2 rounded-md font-serif text-lg font-bold tracking-tight text-primary">${LOGO_MARK}<span class="md:max-lg:sr-only">Wonderful Books</span></a>
<nav class="hidden md:block"><ul class="flex items-center gap-0.5 lg:gap-1">
${navLink('/', 'Home')}
${navLink('/bookstore', 'Store')}
</ul></nav>
<div class="ml-auto flex min-w-0 items-center gap-1.5 lg:gap-2">
<a href="/auth/register" class="hidden sm:inline-flex ${BUTTON} text-sm h-10 px-4 py-2">Register</a>
<a href="/auth/login" class="inline-flex ${BUTTON} text-sm bg-primary text-primary-foreground px-4 py-2 h-11 md:h-10">Sign In</a>
<span class="size-11 md:hidden"></span>
</div>
</div>
</header>`;
}

/** The landing page's first screen for a visitor: header, then the hero's title, line and two buttons. */
export function landingFirstScreenHtml(content: Pick<THomepageContent, 'heroTitle' | 'heroSubtitle'>): string {
  return `<div id="${FIRST_SCREEN_ELEMENT_ID}" inert>
${headerHtml('/')}
<main class="flex-1">
<section class="relative border-b border-border bg-gradient-to-b from-secondary/70 via-background to-background">
<div class="relative mx-auto flex w-full max-w-4xl flex-col items-center gap-6 px-4 pb-16 pt-14 text-center sm:px-6 md:pb-24 md:pt-24">
<h1 class="font-serif text-4xl font-bold leading-tight tracking-tight text-balance sm:text-5xl md:text-6xl">${escapeHtml(content.heroTitle)}</h1>
<p class="max-w-2xl text-lg text-muted-foreground text-pretty md:text-xl">${escapeHtml(content.heroSubtitle)}</p>
<div class="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
<a href="/auth/login" class="inline-flex ${BUTTON} bg-accent text-accent-foreground h-12 px-6 text-base">Start 7-Day Trial</a>
<span class="inline-flex ${BUTTON} border border-border bg-background h-12 px-6 text-base">View Pricing</span>
</div>
</div>
</section>
</main>
</div>
</div>`;
}

/**
 * A book page's first screen for a visitor: header, breadcrumb, the cover (its largest paint, preloaded by the
 * shell) and the title and author (web/src/features/catalogue/book-detail-page.tsx).
 */
export function bookFirstScreenHtml(book: Pick<TBookDetail, 'title' | 'author' | 'coverImageUrl'>): string {
  const title = escapeHtml(book.title);
  const cover = book.coverImageUrl
    ? `<img src="${escapeHtml(book.coverImageUrl)}" alt="" width="320" height="448" fetchpriority="high" class="aspect-[5/7] h-auto w-full rounded-md bg-muted object-cover shadow-lg" />`
    : '';
  return `<div id="${FIRST_SCREEN_ELEMENT_ID}" inert>
${headerHtml('/bookstore')}
<main class="flex-1">
<div class="mx-auto w-full max-w-6xl px-4 pb-16 pt-6 sm:px-6 md:pt-10 lg:px-8">
<nav class="mb-6 text-sm text-muted-foreground"><ol class="flex min-w-0 items-center gap-1">
<li>Book Store</li><li><span class="inline-block size-4"></span></li><li class="min-w-0 truncate">${title}</li>
</ol></nav>
<div class="grid gap-8 md:grid-cols-[minmax(0,18rem)_1fr] md:gap-12 lg:grid-cols-[minmax(0,20rem)_1fr]">
<div class="mx-auto w-full max-w-[16rem] md:max-w-none">${cover}</div>
<div class="flex min-w-0 flex-col gap-5">
<div class="flex flex-col gap-2">
<h1 class="font-serif text-3xl font-bold leading-tight tracking-tight text-balance md:text-5xl">${title}</h1>
<p class="text-lg text-muted-foreground">by <span class="font-medium text-primary">${escapeHtml(book.author)}</span></p>
</div>
</div>
</div>
</div>
</main>
</div>
</div>`;
}

/** Lucide's outline icons as the app draws them (stroke, 24-unit box), for the few the pictures show. */
function icon(name: string, paths: string, className: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-${name} ${className}" aria-hidden="true">${paths}</svg>`;
}

const SEARCH_ICON = '<path d="m21 21-4.34-4.34"/><circle cx="11" cy="11" r="8"/>';
const FILTERS_ICON =
  '<path d="M10 5H3"/><path d="M12 19H3"/><path d="M14 3v4"/><path d="M16 17v4"/><path d="M21 12h-9"/><path d="M21 19h-5"/><path d="M21 5h-7"/><path d="M8 10v4"/><path d="M8 12H3"/>';
const CHEVRON_DOWN_ICON = '<path d="m6 9 6 6 6-6"/>';
/** The tier badge's icon and colours (web/src/features/catalogue/components/tier-badge.tsx). */
const TIER_BADGE: Record<TBookTier, { icon: string; name: string; colours: string }> = {
  trial: {
    name: 'book-open',
    icon: '<path d="M12 5v16"/><path d="M20.001 19A2 2 0 0022 17V5a2 2 0 00-1.999-2L16 3.002A5 5 0 0012 5a5 5 0 00-4-2H4a2 2 0 00-2 2v12a2 2 0 001.999 2H8a5 5 0 014 2 5 5 0 014-2z"/>',
    colours: 'bg-secondary text-secondary-foreground',
  },
  basic: {
    name: 'sparkles',
    icon: '<path d="M11.017 2.814a1 1 0 0 1 1.966 0l1.051 5.558a2 2 0 0 0 1.594 1.594l5.558 1.051a1 1 0 0 1 0 1.966l-5.558 1.051a2 2 0 0 0-1.594 1.594l-1.051 5.558a1 1 0 0 1-1.966 0l-1.051-5.558a2 2 0 0 0-1.594-1.594l-5.558-1.051a1 1 0 0 1 0-1.966l5.558-1.051a2 2 0 0 0 1.594-1.594z"/><path d="M20 2v4"/><path d="M22 4h-4"/><circle cx="4" cy="20" r="2"/>',
    colours: 'bg-accent text-accent-foreground',
  },
  premium: {
    name: 'crown',
    icon: '<path d="M11.562 3.266a.5.5 0 0 1 .876 0L15.39 8.87a1 1 0 0 0 1.516.294L21.183 5.5a.5.5 0 0 1 .798.519l-2.834 10.246a1 1 0 0 1-.956.734H5.81a1 1 0 0 1-.957-.734L2.02 6.02a.5.5 0 0 1 .798-.519l4.276 3.664a1 1 0 0 0 1.516-.294z"/><path d="M5 21h14"/>',
    colours: 'bg-premium text-premium-foreground',
  },
};
/** Covers the bookstore's first screen can show: one row of four on a wide screen, two rows of two on a phone. */
const BOOKSTORE_PICTURED_BOOKS = 4;
/** The covers the bookstore loads at once (BOOKSTORE_EAGER_COVERS in web/src/features/catalogue/bookstore-page.tsx). */
const BOOKSTORE_EAGER_COVERS = 2;
const COUNT_FORMAT = new Intl.NumberFormat('en-GB');

/** One book card (web/src/features/catalogue/components/book-card.tsx) with its cover, badge, title, author and stars. */
function bookCardHtml(book: TBookSummary, isEager: boolean): string {
  const title = escapeHtml(book.title);
  const badge = TIER_BADGE[book.requiredTier];
  const rating = Math.max(0, Math.min(5, Number.isFinite(book.rating) ? book.rating : 0));
  const whole = Math.floor(rating);
  const cover = book.coverImageUrl
    ? `<img alt="" width="200" height="280" ${isEager ? 'loading="eager" fetchpriority="high"' : 'loading="lazy"'} class="aspect-[5/7] h-auto w-full rounded-md bg-muted object-cover shadow-sm" src="${escapeHtml(book.coverImageUrl)}" />`
    : '<span class="block aspect-[5/7] w-full rounded-md bg-muted"></span>';
  return `<li><article class="group relative flex h-full flex-col gap-3 rounded-xl border border-border bg-card p-3 shadow-sm">
${cover}
<div class="flex flex-1 flex-col gap-1">
<span class="inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide ${badge.colours} mb-1 self-start">${icon(badge.name, badge.icon, 'mr-1 size-3')}${TIER_LABELS[book.requiredTier]}</span>
<h3 class="line-clamp-2 font-serif text-base font-semibold leading-snug">${title}</h3>
<p class="line-clamp-1 text-sm text-muted-foreground">${escapeHtml(book.author)}</p>
<div class="flex items-center gap-1.5 mt-auto pt-1"><span class="rating-stars" style="--rating-whole: ${whole}; --rating-part: ${rating - whole};"></span><span class="text-sm text-muted-foreground">(${COUNT_FORMAT.format(book.totalRatings)})</span></div>
</div>
</article></li>`;
}

/** A select box of the wide screens' filter bar, showing its unfiltered choice. */
function filterBoxHtml(label: string, value: string): string {
  return `<div class="flex min-w-0 flex-col gap-1.5"><span class="text-sm font-medium">${label}</span><div class="relative"><span class="block h-10 w-full truncate rounded-md border border-input bg-card py-2 pl-3 pr-9 text-base sm:text-sm">${value}</span>${icon('chevron-down', CHEVRON_DOWN_ICON, 'pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground')}</div></div>`;
}

/**
 * The unfiltered bookstore's first screen for a visitor (web/src/features/catalogue/bookstore-page.tsx): header,
 * title, search box, filters (a button on phones, the bar on wider screens), the result count and the first
 * books, whose covers are the largest paint on a phone.
 */
export function bookstoreFirstScreenHtml(list: Pick<TBookList, 'items' | 'total'>): string {
  const books = list.items
    .slice(0, BOOKSTORE_PICTURED_BOOKS)
    .map((book, index) => bookCardHtml(book, index < BOOKSTORE_EAGER_COVERS));
  return `<div id="${FIRST_SCREEN_ELEMENT_ID}" inert>
${headerHtml('/bookstore')}
<main class="flex-1">
<div class="mx-auto w-full max-w-7xl px-4 pb-16 pt-8 sm:px-6 md:pt-12 lg:px-8">
<header class="flex flex-col gap-4 md:gap-6">
<div class="flex flex-col gap-2">
<h1 class="font-serif text-3xl font-bold tracking-tight md:text-4xl">Book Store</h1>
<p class="text-muted-foreground md:text-lg">Browse the whole catalogue — filter by category or plan, or search for a title, author or topic.</p>
</div>
<div class="w-full max-w-2xl"><div class="flex items-center gap-2 rounded-lg border border-input bg-card pl-3 pr-1 shadow-sm h-11">
${icon('search', SEARCH_ICON, 'size-5 shrink-0 text-muted-foreground')}
<span class="min-w-0 flex-1 text-muted-foreground text-base sm:text-sm">Title, author or topic</span>
<span class="inline-flex ${BUTTON} text-sm bg-primary text-primary-foreground px-3 h-9">Search</span>
</div></div>
</header>
<section class="mt-6 md:rounded-xl md:border md:border-border md:bg-card md:p-5">
<span class="inline-flex ${BUTTON} text-sm border border-border bg-background px-4 py-2 h-11 md:hidden">${icon('sliders-horizontal', FILTERS_ICON, 'size-4 shrink-0')}Filters</span>
<div class="hidden md:block"><div class="grid grid-cols-1 gap-4 sm:grid-cols-3">
${filterBoxHtml('Category', 'All categories')}
${filterBoxHtml('Plan', 'All')}
${filterBoxHtml('Sort by', 'Most popular')}
</div></div>
</section>
<section class="mt-8">
<div class="mb-4 flex items-baseline justify-between gap-4">
<h2 class="font-serif text-xl font-semibold">Results</h2>
<p class="text-sm text-muted-foreground">${COUNT_FORMAT.format(list.total)} ${list.total === 1 ? 'book' : 'books'}</p>
</div>
<ul class="grid grid-cols-2 gap-4 sm:grid-cols-3 md:gap-6 lg:grid-cols-4">
${books.join('\n')}
</ul>
</section>
</div>
</main>
</div>
</div>`;
}

/** Puts the picture in front of the app's root element; a template without one is left as it is. */
export function injectFirstScreenHtml(html: string, firstScreen: string): string {
  const rootAt = html.search(/<div id="root"><\/div>/);
  if (rootAt === -1 || !firstScreen) return html;
  return `${html.slice(0, rootAt)}${firstScreen}\n    ${html.slice(rootAt)}`;
}
