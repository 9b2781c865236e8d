import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { createTestContext } from '../../test-utils';
import { createBook, createCategory, createPageContent, createSeoConfig } from '../../test-factories';
import { INITIAL_DATA_ELEMENT_ID, jsonForScriptElement, type TInitialData } from '@shared/initial-data';
import { createUser, get, send, sessionCookie } from '../auth/auth-test-helpers';
import { escapeHtml, injectSeo, injectSession } from './seo-head';
import { APP_CODE_ELEMENT_ID } from './route-preloads';
import { matchSpaRoute } from '@shared/spa-routes';
import { setupReader } from '../reader/reader-test-support';
import { OFFLINE_READER_PAGE_PATH } from '@shared/sw-messages';

const INDEX_HTML = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <title>Wonderful Books</title>
    <meta
      name="description"
      content="Default description."
    />
    <link rel="manifest" href="/manifest.webmanifest" />
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc123.css">
  </head>
  <body><div id="root"></div></body>
</html>
`;

const webRoots: string[] = [];

function makeWebRoot() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-web-'));
  webRoots.push(root);
  fs.mkdirSync(path.join(root, 'assets'));
  fs.mkdirSync(path.join(root, 'icons'));
  fs.writeFileSync(path.join(root, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(root, 'assets', 'index-abc123.js'), 'console.info("app");');
  fs.writeFileSync(path.join(root, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(path.join(root, 'manifest.webmanifest'), '{"name":"Wonderful Books"}');
  fs.writeFileSync(path.join(root, 'robots.txt'), 'User-agent: *\n');
  fs.writeFileSync(path.join(root, 'icons', 'icon-512.png'), 'png');
  return root;
}

afterAll(() => {
  for (const root of webRoots) fs.rmSync(root, { recursive: true, force: true });
});

/**
 * The full app serving a built web root. Its pages and files are outside the typed API client
 * (AppType covers /api only), so these tests request them with app.request.
 */
function createHostedApp() {
  const context = createTestContext();
  const env = { ...context.env, publicUrl: 'https://books.example' };
  const app = createApp({ ...context, env, webRoot: makeWebRoot() });
  return { ...context, app };
}

describe('web host: static files', () => {
  it('serves hashed assets immutable and the service worker, manifest and shell revalidated', async () => {
    const { app } = createHostedApp();

    const asset = await app.request('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(await asset.text()).toContain('console.info');

    const worker = await app.request('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('service-worker-allowed')).toBe('/');
    expect(worker.headers.get('cache-control')).toBe('no-cache');

    const manifest = await app.request('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');

    const robots = await app.request('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers.get('cache-control')).toBe('public, max-age=86400');

    for (const shellPath of ['/', '/index.html']) {
      const shell = await app.request(shellPath);
      expect(shell.status, shellPath).toBe(200);
      expect(shell.headers.get('cache-control')).toBe('no-cache');
      expect(shell.headers.get('content-type')).toContain('text/html');
    }
  });

  it('answers missing files with a plain 404 instead of the shell, and never serves files outside the root', async () => {
    const { app } = createHostedApp();
    const missing = await app.request('/assets/index-gone.js');
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('<html');
    expect((await app.request('/favicon.ico')).status).toBe(404);
    for (const attack of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/assets/..%2f..%2fpackage.json',
      '//etc/passwd',
    ]) {
      const response = await app.request(attack);
      expect(await response.text(), attack).not.toContain('"name": "wonderful-books"');
    }
  });

  it('leaves /api paths to the API', async () => {
    const { app } = createHostedApp();
    // raw request: the API path is unknown on purpose, so the typed client has no route for it
    const response = await app.request('/api/no-such-route');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
  });
});

/** A web root as `npm run build` leaves it: a hashed bundle with its .br and .gz variants beside it. */
function makePrecompressedWebRoot() {
  const root = makeWebRoot();
  const bundle = Buffer.from(`console.info(${JSON.stringify('a long line of app code '.repeat(100))});`);
  fs.writeFileSync(path.join(root, 'assets', 'app-9f8e7d.js'), bundle);
  fs.writeFileSync(path.join(root, 'assets', 'app-9f8e7d.js.br'), zlib.brotliCompressSync(bundle));
  fs.writeFileSync(path.join(root, 'assets', 'app-9f8e7d.js.gz'), zlib.gzipSync(bundle));
  return { root, bundle };
}

describe('web host: compression and caching', () => {
  function hosted() {
    const context = createTestContext();
    const { root, bundle } = makePrecompressedWebRoot();
    const app = createApp({ ...context, env: { ...context.env, publicUrl: 'https://books.example' }, webRoot: root });
    return { app, bundle };
  }

  it("serves a hashed asset's brotli or gzip variant by Accept-Encoding, immutable, with Vary and exact lengths", async () => {
    const { app, bundle } = hosted();
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', zlib.brotliDecompressSync],
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
      [undefined, null, (bytes: Buffer) => bytes],
      ['identity', null, (bytes: Buffer) => bytes],
    ] as const) {
      const response = await app.request('/assets/app-9f8e7d.js', {
        headers: accept ? { 'accept-encoding': accept } : {},
      });
      expect(response.status, accept).toBe(200);
      expect(response.headers.get('content-encoding'), accept).toBe(encoding);
      expect(response.headers.get('vary'), accept).toBe('Accept-Encoding');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('content-type')).toMatch(/javascript/);
      const body = Buffer.from(await response.arrayBuffer());
      expect(Number(response.headers.get('content-length'))).toBe(body.byteLength);
      expect(decode(body).equals(bundle), accept).toBe(true);
    }
  });

  it('answers If-None-Match with 304 per encoding, and HEAD with the headers of a GET', async () => {
    const { app } = hosted();
    const accept = { 'accept-encoding': 'br, gzip' };
    const first = await app.request('/assets/app-9f8e7d.js', { headers: accept });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    const plainEtag = (await app.request('/assets/app-9f8e7d.js')).headers.get('etag');
    expect(plainEtag).not.toBe(etag);

    const revalidated = await app.request('/assets/app-9f8e7d.js', { headers: { ...accept, 'if-none-match': etag! } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(etag);
    expect(revalidated.headers.get('vary')).toBe('Accept-Encoding');
    expect(await revalidated.text()).toBe('');
    const changed = await app.request('/assets/app-9f8e7d.js', { headers: { ...accept, 'if-none-match': '"old"' } });
    expect(changed.status).toBe(200);

    const head = await app.request('/assets/app-9f8e7d.js', { method: 'HEAD', headers: accept });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-encoding')).toBe('br');
    expect(head.headers.get('content-length')).toBe(first.headers.get('content-length'));
    expect(await head.text()).toBe('');
  });

  it('compresses the server-rendered shell on the fly and keeps it revalidated', async () => {
    const { app } = hosted();
    for (const route of ['/', '/bookstore', '/no-such-page']) {
      const plain = await app.request(route);
      const html = await plain.text();
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);

      const response = await app.request(route, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.status, route).toBe(plain.status);
      expect(response.headers.get('content-encoding'), route).toBe('br');
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-type')).toContain('text/html');
      const body = Buffer.from(await response.arrayBuffer());
      expect(zlib.brotliDecompressSync(body).toString('utf8')).toBe(html);
    }
  });

  it('never serves a precompressed variant as a file of its own', async () => {
    const { app } = hosted();
    expect((await app.request('/assets/app-9f8e7d.js.br')).status).toBe(404);
    expect((await app.request('/assets/app-9f8e7d.js.gz')).status).toBe(404);
  });
});

describe('web host: SPA fallback and SEO', () => {
  it('answers 200 with the shell for the routes of docs/product/routes-and-screens.md#route-table and 404 (same shell) for anything else', async () => {
    const { app } = createHostedApp();
    for (const route of [
      '/bookstore',
      '/bookstore/',
      '/subscribe',
      '/auth/login',
      '/challenges/abc',
      '/library',
      '/admin/seo',
      '/reader/abc',
      '/testing-qa',
    ]) {
      const response = await app.request(route);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('cache-control'), route).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root"></div>');
    }
    const head = await app.request('/bookstore', { method: 'HEAD' });
    expect(head.status).toBe(200);
    for (const route of ['/nope', '/admin/unknown', '/book', '/bookstore/extra/path']) {
      const response = await app.request(route);
      expect(response.status, route).toBe(404);
      const html = await response.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
    }
  });

  it('fills title, description, robots, canonical, Open Graph and Twitter tags from seo_configs', async () => {
    const { app, db } = createHostedApp();
    createSeoConfig(db, {
      pageType: 'bookstore',
      title: 'Book Store | Wonderful Books',
      description: 'Browse <every> book & more.',
      keywords: 'books, store',
      ogImage: '/og/store.png',
      twitterCard: 'summary',
    });
    const html = await (await app.request('/bookstore?search=x')).text();
    expect(html).toContain('<title>Book Store | Wonderful Books</title>');
    expect(html).not.toContain('<title>Wonderful Books</title>');
    expect(html).not.toContain('Default description.');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<meta name="description" content="Browse &lt;every&gt; book &amp; more." />');
    expect(html).toContain('<meta name="keywords" content="books, store" />');
    expect(html).toContain('<meta name="robots" content="index, follow" />');
    expect(html).toContain('<link rel="canonical" href="https://books.example/bookstore" />');
    expect(html).toContain('<meta property="og:title" content="Book Store | Wonderful Books" />');
    expect(html).toContain('<meta property="og:image" content="https://books.example/og/store.png" />');
    expect(html).toContain('<meta property="og:url" content="https://books.example/bookstore" />');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).toContain('<meta name="twitter:image" content="https://books.example/og/store.png" />');
    // The rest of the template is untouched.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
  });

  it('uses site defaults without a config and keeps personal pages out of search engines', async () => {
    const { app, db } = createHostedApp();
    createSeoConfig(db, { pageType: 'library', title: 'My Library', metaRobots: 'index, follow' });
    const home = await (await app.request('/')).text();
    expect(home).toContain('<title>Wonderful Books</title>');
    expect(home).toContain('<meta name="robots" content="index, follow" />');
    expect(home).toContain('<link rel="canonical" href="https://books.example/" />');
    const library = await (await app.request('/library')).text();
    expect(library).toContain('<title>My Library</title>');
    expect(library).toContain('<meta name="robots" content="noindex, nofollow" />');
  });

  it("describes book pages with the book's own title, description and cover, escaped", async () => {
    const { app, db } = createHostedApp();
    const category = createCategory(db, { name: 'Leadership', slug: 'leadership' });
    const book = createBook(db, {
      title: 'Lead </title><script>alert(1)</script>',
      author: 'Ada "Quote" Lovelace',
      description: 'How to lead & inspire.',
      slug: 'lead-well',
      categories: [category],
    });
    for (const route of [`/book/${book.id}`, '/books/lead-well', `/book-detail/${book.id}`]) {
      const response = await app.request(route);
      expect(response.status, route).toBe(200);
      const html = await response.text();
      expect(html).not.toContain('<script>alert(1)</script>');
      expect(html).toContain(
        '<title>Lead &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; by Ada &quot;Quote&quot; Lovelace | Wonderful Books</title>',
      );
      expect(html).toContain('<meta name="description" content="How to lead &amp; inspire." />');
      expect(html).toContain('<meta property="og:type" content="book" />');
      expect(html).toContain('<link rel="canonical" href="https://books.example/book/lead-well" />');
      expect(html).toMatch(
        new RegExp(
          `<meta property="og:image" content="https://books\\.example/api/books/${book.id}/cover\\.svg\\?v=[a-z0-9]+" />`,
        ),
      );
    }
  });

  it('templates the book config with {title} and {author}', async () => {
    const { app, db } = createHostedApp();
    createSeoConfig(db, { pageType: 'book', title: 'Read {title} by {author} online', description: 'Static.' });
    const book = createBook(db, { title: 'Meditations', author: 'Marcus Aurelius', description: 'Stoic notes.' });
    const html = await (await app.request(`/book/${book.id}`)).text();
    expect(html).toContain('<title>Read Meditations by Marcus Aurelius online</title>');
    expect(html).toContain('<meta name="description" content="Stoic notes." />');
  });

  it('answers 404 with the not-found page for unknown, unpublished or malformed books', async () => {
    const { app, db } = createHostedApp();
    createSeoConfig(db, { pageType: 'not-found', title: 'Page Not Found | Wonderful Books' });
    const hidden = createBook(db, { isPublished: false });
    for (const route of ['/book/unknown', `/book/${hidden.id}`, '/book/%3Cscript%3E', '/books/a%20b']) {
      const response = await app.request(route);
      expect(response.status, route).toBe(404);
      expect(await response.text()).toContain('<title>Page Not Found | Wonderful Books</title>');
    }
  });

  it('never lets the request path become another origin in the canonical URL', async () => {
    const { app } = createHostedApp();
    const html = await (await app.request('//evil.example/x')).text();
    expect(html).not.toContain('href="https://evil.example');
    expect(html).toContain('<link rel="canonical" href="https://books.example/evil.example/x" />');
  });
});

describe('web host: the signed-in user in the page (docs/decisions/017-loading-order.md)', () => {
  /** The JSON data block the server put into the page, parsed. */
  function sessionIn(html: string): { user: unknown; entitlements: unknown } {
    const block = /<script type="application\/json" id="wb-session">([\s\S]*?)<\/script>/.exec(html);
    if (!block) throw new Error('no session block in the page');
    return JSON.parse(block[1]);
  }

  it("carries the signed-in reader's public record, escaped, in a page no cache may keep", async () => {
    const { app, db } = createHostedApp();
    const user = await createUser(db, { firstName: '</script><script>alert(1)</script>', lastName: 'O\u2028Neil' });
    const signIn = await send(app, '/api/auth/login', { emailOrUsername: user.email, password: user.password });
    expect(signIn.status).toBe(200);
    const cookie = sessionCookie(signIn, '__Host-wb_session');

    const page = await get(app, '/reader/some-book', { cookie });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('vary')).toMatch(/cookie/i);
    const html = await page.text();
    expect(html).not.toContain('<script><');
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    const current = await (await get(app, '/api/auth/user', { cookie })).json();
    const entitlements = await (await get(app, '/api/me/entitlements', { cookie })).json();
    expect(sessionIn(html)).toEqual({ user: current, entitlements });
    // Nothing beyond the public record: no hash, no session token.
    expect(html).not.toContain(user.passwordHash);
    expect(html).not.toContain(cookie.split('=')[1]);
  });

  it('says nobody is signed in to a visitor, and the shell stays revalidated', async () => {
    const { app } = createHostedApp();
    const page = await get(app, '/bookstore');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const nobody = { user: null, entitlements: null };
    expect(sessionIn(await page.text())).toEqual(nobody);
    const expired = await get(app, '/bookstore', { cookie: 'wb_session=not-a-session' });
    expect(sessionIn(await expired.text())).toEqual(nobody);
  });

  it('writes JSON that cannot close its element or open a comment', () => {
    const text = jsonForScriptElement({ name: '</script><!-- & \u2028' });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({ name: '</script><!-- & \u2028' });
    expect(injectSession('<html><head></head><body></body></html>', { user: null, entitlements: null })).toBe(
      '<html><head>  <script type="application/json" id="wb-session">{"user":null,"entitlements":null}</script>\n  </head><body></body></html>',
    );
  });
});

describe('seo-head', () => {
  it('inserts tags into a template without a title and escapes every value', () => {
    const html = injectSeo('<html><head></head><body></body></html>', {
      title: '"><script>',
      description: "it's",
      keywords: null,
      robots: 'index, follow',
      canonicalUrl: 'https://x.example/?a=1&b=2',
      ogTitle: 't',
      ogDescription: 'd',
      ogImage: null,
      ogType: 'website',
      twitterCard: 'summary',
      twitterTitle: 't',
      twitterDescription: 'd',
      twitterImage: null,
      siteName: 'Wonderful Books',
    });
    expect(html).toContain('<title>&quot;&gt;&lt;script&gt;</title>');
    expect(html).toContain('content="it&#39;s"');
    expect(html).toContain('href="https://x.example/?a=1&amp;b=2"');
    expect(html).not.toContain('name="keywords"');
    expect(html.indexOf('<title>')).toBeLessThan(html.indexOf('</head>'));
  });

  it("keeps replacement patterns such as $& literal (they are String.replace's, not ours)", () => {
    const page = {
      title: '$& $` $1',
      description: 'd',
      keywords: null,
      robots: 'r',
      canonicalUrl: 'https://x.example/',
    };
    const meta = {
      ...page,
      ogTitle: 't',
      ogDescription: 'd',
      ogImage: null,
      ogType: 'website',
      twitterCard: 's',
      twitterTitle: 't',
      twitterDescription: 'd',
      twitterImage: null,
      siteName: 'W',
    };
    expect(injectSeo('<head><title>x</title></head>', meta)).toContain(`<title>${escapeHtml('$& $` $1')}</title>`);
    expect(escapeHtml('$& $` $1')).toBe('$&amp; $` $1');
  });

  it('classifies client routes', () => {
    expect(matchSpaRoute('/')).toMatchObject({ pageType: 'home', indexable: true });
    expect(matchSpaRoute('/book/abc-1')).toMatchObject({ pageType: 'book', bookIdOrSlug: 'abc-1' });
    expect(matchSpaRoute('/auth/verify-email')).toMatchObject({ pageType: 'auth', indexable: true });
    expect(matchSpaRoute('/dashboard')).toMatchObject({ pageType: 'dashboard', indexable: false });
    expect(matchSpaRoute('/super-admin')).toMatchObject({ indexable: false });
    expect(matchSpaRoute('/unknown')).toBeNull();
  });
});

/** The JSON the shell carries for the first screen, or null when it carries none. */
function firstScreenData(html: string): TInitialData | null {
  const match = html.match(
    new RegExp(`<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">([^<]*)</script>`),
  );
  return match ? (JSON.parse(match[1]) as TInitialData) : null;
}

describe('web host: first-screen data', () => {
  it('gives the landing page the homepage content exactly as GET /api/page-content/homepage answers it', async () => {
    const { app, db } = createHostedApp();
    createPageContent(db, 'homepage', { heroTitle: 'Read more', heroSubtitle: 'Anywhere', stats: [] });
    const html = await (await app.request('/')).text();
    const api = await (await app.request('/api/page-content/homepage')).json();
    expect(firstScreenData(html)).toEqual({ homepageContent: api });
  });

  it('sends nothing for a landing page whose content the admin has not created', async () => {
    const { app } = createHostedApp();
    const response = await app.request('/');
    expect(response.status).toBe(200);
    expect(firstScreenData(await response.text())).toBeNull();
  });

  it('gives a book page the book as GET /api/books/:idOrSlug answers it and preloads its cover, a hostile title kept inside the JSON', async () => {
    const { app, db } = createHostedApp();
    const book = createBook(db, { title: 'Lead </script><script>alert(1)</script>', slug: 'lead-well' });
    const html = await (await app.request('/book/lead-well')).text();
    const api = (await (await app.request('/api/books/lead-well')).json()) as { coverImageUrl: string };
    expect(html).not.toContain('<script>alert(1)');
    expect(firstScreenData(html)).toEqual({ book: { idOrSlug: 'lead-well', detail: api } });
    expect(api.coverImageUrl).toContain(book.id);
    expect(html).toContain(
      `<link rel="preload" as="image" href="${escapeHtml(api.coverImageUrl)}" fetchpriority="high" />`,
    );
  });

  it('gives the unfiltered bookstore its first page and the categories, and a filtered one nothing', async () => {
    const { app, db } = createHostedApp();
    createCategory(db, { name: 'Leadership', slug: 'leadership' });
    for (let index = 0; index < 3; index += 1) createBook(db, { title: `Book ${index}`, slug: `book-${index}` });
    const html = await (await app.request('/bookstore')).text();
    const list = (await (await app.request('/api/books?page=1&limit=24')).json()) as {
      items: { coverImageUrl: string }[];
    };
    const categories = await (await app.request('/api/categories')).json();
    expect(firstScreenData(html)).toEqual({ bookList: { params: { page: 1, limit: 24 }, list }, categories });
    expect(html.match(/<link rel="preload" as="image"/g)).toHaveLength(2);
    expect(firstScreenData(await (await app.request('/bookstore?search=lead')).text())).toBeNull();
  });

  it('sends no data on personal pages or a missing page', async () => {
    const { app } = createHostedApp();
    for (const route of ['/library', '/reader/abc', '/no-such-page', '/book/no-such-book'])
      expect(firstScreenData(await (await app.request(route)).text()), route).toBeNull();
  });
});

/** A web root whose build has a manifest: the landing, reader, start-after-paint and reader-first-page modules. */
function makeWebRootWithManifest() {
  const root = makeWebRoot();
  fs.mkdirSync(path.join(root, '.vite'));
  const manifest = {
    'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared-1.js' },
    '_icon.js': { file: 'assets/icon-1.js', imports: ['index.html'] },
    'src/features/home/home-page.tsx': { file: 'assets/home-page-1.js', imports: ['index.html', '_icon.js'] },
    'src/features/reader/reader-page.tsx': {
      file: 'assets/reader-page-1.js',
      imports: ['_shared.js', '_icon.js'],
      css: ['assets/reader-1.css'],
    },
    'src/features/reader/pdf/pdfjs-modules.ts': { file: 'assets/pdfjs-modules-1.js', imports: ['_pdf.js'] },
    '_pdf.js': { file: 'assets/pdf-1.js' },
    'src/start-after-paint.ts': { file: 'assets/start-after-paint-1.js', isEntry: true, imports: ['_app-code.js'] },
    '_app-code.js': { file: 'assets/app-code-1.js' },
    'src/reader-first-page.ts': {
      file: 'assets/reader-first-page-1.js',
      isEntry: true,
      imports: ['_app-code.js'],
      dynamicImports: ['src/protected-content/early-license.ts', 'src/features/reader/first-page-picture.ts'],
    },
    'src/protected-content/early-license.ts': { file: 'assets/early-license-1.js', imports: ['_api.js'] },
    '_api.js': { file: 'assets/api-1.js' },
    'src/features/reader/first-page-picture.ts': { file: 'assets/first-page-picture-1.js', imports: ['_shared.js'] },
    'src/features/reader/pdf/pdfjs-global.ts': { file: 'assets/pdfjs-global-1.js', imports: ['_pdf.js'] },
    'src/reader-picture.css': { file: 'assets/reader-picture-1.css', isEntry: true },
  };
  fs.writeFileSync(path.join(root, '.vite/manifest.json'), JSON.stringify(manifest));
  return root;
}

/** A hosted app whose build has a manifest (makeWebRootWithManifest). */
function createAppWithManifest() {
  const context = createTestContext();
  const root = makeWebRootWithManifest();
  const app = createApp({ ...context, env: { ...context.env, publicUrl: 'https://books.example' }, webRoot: root });
  return { ...context, app };
}
const preloads = (html: string) => [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="([^"]+)"/g)];

describe("web host: the screen's code named in the shell (docs/decisions/018-route-code-in-the-shell.md)", () => {
  it('preloads the landing screen and its static imports, never the entry the shell already loads', async () => {
    const { app } = createAppWithManifest();
    const html = await (await app.request('/')).text();
    expect(preloads(html).map((match) => match[1])).toEqual(['/assets/home-page-1.js', '/assets/icon-1.js']);
  });

  it("preloads the reader's code, pdf.js and its stylesheet (fetched, not applied) on a reader path only", async () => {
    const { app } = createAppWithManifest();
    const html = await (await app.request('/reader/abc')).text();
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/reader-1.css" />');
    expect(html).not.toContain('rel="stylesheet" href="/assets/reader-1.css"');
    expect(preloads(html).map((match) => match[1])).toEqual([
      '/assets/reader-1.css',
      '/assets/reader-page-1.js',
      '/assets/shared-1.js',
      '/assets/icon-1.js',
      '/assets/pdfjs-modules-1.js',
      '/assets/pdf-1.js',
    ]);
    for (const route of ['/library', '/no-such-page', '/login'])
      expect(preloads(await (await app.request(route)).text()), route).toEqual([]);
  });
});

describe('web host: on a page with a static first screen the app starts after it is drawn (docs/decisions/020-app-starts-after-the-first-paint.md)', () => {
  const appCode = (html: string) => {
    const block = new RegExp(`<script type="application/json" id="${APP_CODE_ELEMENT_ID}">([^<]*)</script>`).exec(html);
    return block ? JSON.parse(block[1]) : null;
  };

  it("names only the start module and lists the entry and the screen's code in a data block, preloading none", async () => {
    const { app, db } = createAppWithManifest();
    createPageContent(db, 'homepage', { heroTitle: 'Read more', heroSubtitle: 'Anywhere', stats: [] });
    const html = await (await app.request('/')).text();
    expect(html).toContain('id="first-screen"');
    expect(html).toContain('<script type="module" crossorigin src="/assets/start-after-paint-1.js"></script>');
    expect(html).not.toContain('src="/assets/index-abc123.js"');
    // Only the start module's own (tiny) import, which it needs before it can run.
    expect(preloads(html).map((match) => match[1])).toEqual(['/assets/app-code-1.js']);
    expect(appCode(html)).toEqual({
      entry: '/assets/index-abc123.js',
      modules: ['/assets/home-page-1.js', '/assets/icon-1.js'],
      styles: [],
      appStyles: [],
    });
    // The picture is drawn with the app's own stylesheet, which stays on the page.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc123.css">');
  });

  it('leaves a page without a picture as built: the entry script and its preloads, no data block', async () => {
    const { app } = createAppWithManifest();
    for (const route of ['/', '/library', '/reader/abc']) {
      const html = await (await app.request(route)).text();
      expect(html, route).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
      expect(html, route).not.toContain('start-after-paint');
      expect(appCode(html), route).toBeNull();
    }
  });
});

describe("web host: a static picture of the landing page's first screen (docs/decisions/018-route-code-in-the-shell.md)", () => {
  const picture = (html: string) => /<div id="first-screen" inert>([\s\S]*?)<div id="root">/.exec(html)?.[1] ?? null;

  it("gives a visitor the hero's title and line, escaped and inert, in front of the app's root", async () => {
    const { app, db } = createHostedApp();
    createPageContent(db, 'homepage', { heroTitle: 'Read <b>more</b>', heroSubtitle: 'Anywhere & always', stats: [] });
    const shown = picture(await (await app.request('/')).text());
    expect(shown).toContain('>Read &lt;b&gt;more&lt;/b&gt;</h1>');
    expect(shown).toContain('>Anywhere &amp; always</p>');
    expect(shown).not.toContain('<b>');
  });

  it('draws nothing for a signed-in reader, a landing page without content, or another page', async () => {
    const { app, db } = createHostedApp();
    expect(picture(await (await app.request('/')).text())).toBeNull();
    createPageContent(db, 'homepage', { heroTitle: 'Read more', heroSubtitle: 'Anywhere', stats: [] });
    const user = await createUser(db);
    const signIn = await send(app, '/api/auth/login', { emailOrUsername: user.email, password: user.password });
    const cookie = sessionCookie(signIn, '__Host-wb_session');
    expect(picture(await (await get(app, '/', { cookie })).text())).toBeNull();
    for (const route of ['/library', '/no-such-page'])
      expect(picture(await (await app.request(route)).text()), route).toBeNull();
  });
});

describe("web host: a static picture of a book page's first screen", () => {
  it('gives a visitor the cover, title and author, escaped; nothing for a missing book', async () => {
    const { app, db } = createHostedApp();
    createBook(db, { title: 'Lead <i>well</i>', slug: 'lead-well' });
    const html = await (await app.request('/book/lead-well')).text();
    const shown = /<div id="first-screen" inert>([\s\S]*?)<div id="root">/.exec(html)?.[1] ?? '';
    const api = (await (await app.request('/api/books/lead-well')).json()) as { coverImageUrl: string; author: string };
    expect(shown).toContain('>Lead &lt;i&gt;well&lt;/i&gt;</h1>');
    expect(shown).toContain(`<img src="${escapeHtml(api.coverImageUrl)}"`);
    expect(shown).toContain(escapeHtml(api.author));
    expect(await (await app.request('/book/no-such-book')).text()).not.toContain('id="first-screen"');
  });
});

describe("web host: a static picture of the bookstore's first screen (docs/decisions/020-app-starts-after-the-first-paint.md)", () => {
  const picture = (html: string) => /<div id="first-screen" inert>([\s\S]*?)<div id="root">/.exec(html)?.[1] ?? null;

  it('gives a visitor the count and the first four books of the unfiltered list, escaped, the first two covers eager', async () => {
    const { app, db } = createHostedApp();
    for (let index = 0; index < 5; index += 1) createBook(db, { title: `Lead <i>well</i> ${index}` });
    const shown = picture(await (await app.request('/bookstore')).text()) ?? '';
    const list = (await (await app.request('/api/books?page=1&limit=24')).json()) as {
      items: { title: string; author: string; coverImageUrl: string }[];
    };
    expect(shown).toContain('>Book Store</h1>');
    expect(shown).toContain('>5 books</p>');
    expect(shown.match(/<article /g)).toHaveLength(4);
    for (const book of list.items.slice(0, 4)) {
      expect(shown).toContain(`>${escapeHtml(book.title)}</h3>`);
      expect(shown).toContain(`>${escapeHtml(book.author)}</p>`);
    }
    expect(shown).not.toContain(escapeHtml(list.items[4].title));
    expect(shown).not.toContain('<i>');
    expect(shown.match(/fetchpriority="high"/g)).toHaveLength(2);
  });

  it('draws nothing for a filtered list or a signed-in reader', async () => {
    const { app, db } = createHostedApp();
    createBook(db);
    expect(picture(await (await app.request('/bookstore?search=lead')).text())).toBeNull();
    const user = await createUser(db);
    const signIn = await send(app, '/api/auth/login', { emailOrUsername: user.email, password: user.password });
    const cookie = sessionCookie(signIn, '__Host-wb_session');
    expect(picture(await (await get(app, '/bookstore', { cookie })).text())).toBeNull();
  });
});

describe("web host: a reader page draws its book's first page before the app loads (docs/decisions/025-reader-first-page.md)", () => {
  const appCode = (html: string) => {
    const block = new RegExp(`<script type="application/json" id="${APP_CODE_ELEMENT_ID}">([^<]*)</script>`).exec(html);
    return block ? JSON.parse(block[1]) : null;
  };
  const readerPage = async (kind: 'premium' | 'free') => {
    const t = setupReader();
    const { book } = await t.bookWithContent('premium');
    const reader = await t.reader(kind);
    const app = createApp({ ...t, webRoot: makeWebRootWithManifest() });
    const response = await app.request(`/reader/${book.id}`, { headers: { cookie: reader.cookie } });
    return { book, html: await response.text(), response };
  };

  it("names the reader page's script, preloads what it imports and pdf.js, applies the reader's stylesheet and lists the app's code", async () => {
    const { book, html, response } = await readerPage('premium');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(html).toContain('<script type="module" async crossorigin src="/assets/reader-first-page-1.js"></script>');
    expect(html).not.toContain('src="/assets/index-abc123.js"');
    // The picture's own stylesheet and the reader's; the app's stylesheet waits for the app.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/reader-picture-1.css" />');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/reader-1.css" />');
    expect(html).not.toContain('href="/assets/index-abc123.css"');
    expect(preloads(html).map((match) => match[1])).toEqual([
      '/assets/app-code-1.js',
      '/assets/early-license-1.js',
      '/assets/api-1.js',
      '/assets/first-page-picture-1.js',
      '/assets/shared-1.js',
      '/assets/pdfjs-global-1.js',
      '/assets/pdf-1.js',
    ]);
    expect(appCode(html)).toEqual({
      entry: '/assets/index-abc123.js',
      modules: [
        '/assets/reader-page-1.js',
        '/assets/shared-1.js',
        '/assets/icon-1.js',
        '/assets/pdfjs-modules-1.js',
        '/assets/pdf-1.js',
      ],
      styles: [],
      appStyles: ['/assets/index-abc123.css'],
    });
    // The picture: the reader's bar with the book's title and a way back, and an empty page desk, over the app.
    const picture = /<div id="first-screen" data-reader-picture inert[^>]*>([\s\S]*?)<div id="root">/.exec(html)?.[1];
    expect(picture).toBeDefined();
    expect(picture).toContain(`href="/book/${book.slug}"`);
    expect(picture).toContain(escapeHtml(book.title));
    expect(picture).toContain('data-first-page-container');
    expect(html).toContain('id="wb-reader"');
  });

  it('leaves the page as built for a reader who may not read the book: no picture, no reader data, the app explains', async () => {
    const { html, response } = await readerPage('free');
    // Signed in (a page no cache may keep), but without access to the book.
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    expect(html).not.toContain('reader-first-page');
    expect(html).not.toContain('id="first-screen"');
    expect(html).not.toContain('id="wb-reader"');
    expect(appCode(html)).toBeNull();
  });

  it('serves /index.html, the shell the service worker precaches, bare for everyone: no session, no picture, nothing personal', async () => {
    const t = setupReader();
    const reader = await t.reader('premium');
    const app = createApp({ ...t, webRoot: makeWebRootWithManifest() });
    const signedIn = await app.request('/index.html', { headers: { cookie: reader.cookie } });
    const html = await signedIn.text();
    expect(signedIn.status).toBe(200);
    // Kept by the service worker for whoever uses the browser next: the same page a visitor gets.
    expect(signedIn.headers.get('cache-control')).toBe('no-cache');
    expect(html).toBe(await (await app.request('/index.html')).text());
    for (const absent of ['id="wb-session"', 'id="first-screen"', reader.user.email, reader.user.id])
      expect(html, absent).not.toContain(absent);
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    // The signed-in reader's own pages still carry who is signed in.
    const library = await (await app.request('/library', { headers: { cookie: reader.cookie } })).text();
    expect(library).toContain('id="wb-session"');
    expect(library).toContain(reader.user.email);
  });

  it("writes the service worker's offline reader page: the reader page's script and picture, no book, nothing personal (docs/decisions/029-offline-reader-page.md)", async () => {
    const t = setupReader();
    const { book } = await t.bookWithContent('premium');
    const reader = await t.reader('premium');
    const app = createApp({ ...t, webRoot: makeWebRootWithManifest() });
    const anonymous = await app.request(OFFLINE_READER_PAGE_PATH);
    const signedIn = await app.request(OFFLINE_READER_PAGE_PATH, { headers: { cookie: reader.cookie } });
    const html = await anonymous.text();
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('cache-control')).toBe('no-cache');
    // One page for every book and every reader: the session changes nothing in it.
    expect(await signedIn.text()).toBe(html);
    expect(html).toContain('<script type="module" async crossorigin src="/assets/reader-first-page-1.js"></script>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/reader-picture-1.css" />');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/reader-1.css" />');
    expect(appCode(html)).toMatchObject({ entry: '/assets/index-abc123.js', appStyles: ['/assets/index-abc123.css'] });
    expect(html).toContain('<div id="first-screen" data-reader-picture data-reader-offline inert');
    expect(html).toContain('data-first-page-container');
    expect(html).toContain('<meta name="robots" content="noindex');
    for (const personal of ['id="wb-reader"', 'id="wb-session"', book.title, book.id, reader.user.email])
      expect(html, personal).not.toContain(personal);
  });

  it("escapes the book's title in the picture", async () => {
    const t = setupReader();
    const { book } = await t.bookWithContent('premium');
    const { books } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    t.db.update(books).set({ title: '<img src=x onerror=alert(1)> & co' }).where(eq(books.id, book.id)).run();
    const reader = await t.reader('premium');
    const app = createApp({ ...t, webRoot: makeWebRootWithManifest() });
    const html = await (await app.request(`/reader/${book.id}`, { headers: { cookie: reader.cookie } })).text();
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; co');
  });
});
