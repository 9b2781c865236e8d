/**
 * A static picture of the first screen of the landing page (header and hero) and of a book page (header,
 * cover, title), written into the shell for a signed-out visitor (docs/decisions/018-route-code-in-the-shell.md). The page then has its heading and
 * text on screen as soon as the HTML and the stylesheet arrive, instead of after the whole app has
 * downloaded and run; on a phone connection that is the difference between about one second and three.
 *
 * The picture is inert (no focus, not in the accessibility tree) and the app's root stays hidden while
 * it is there (`#first-screen` in web/src/styles.css); the app removes it in the same frame as its own
 * screen appears (web/src/app/first-screen.ts). It uses the same utility classes as the React
 * components it imitates (web/src/app/header.tsx, web/src/features/home/components/hero-section.tsx),
 * so the swap does not move anything. Pure; every value is HTML-escaped.
 */
import type { TBookDetail } from '@shared/catalogue';
import type { THomepageContent } from '@shared/content';
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

/** Puts the picture in front of the app's root element; a template without one is left as it is. */
export function injectFirstScreenHtml(html: string, firstScreen: string): string {
  const rootAt = html.search(/<div id="root"><\/div>/);
  if (rootAt === -1 || !firstScreen) return html;
  return `${html.slice(0, rootAt)}${firstScreen}\n    ${html.slice(rootAt)}`;
}
