import { describe, expect, it } from 'vitest';
import {
  NAVIGATION_DENYLIST,
  isBuiltCodePath,
  isCatalogueApiPath,
  isCoverPath,
  isPlansApiPath,
  isReaderAddress,
} from './cache-rules';

describe('service worker cache rules', () => {
  it('caches covers and placeholders cache-first', () => {
    expect(isCoverPath('/api/books/meditations/cover.svg')).toBe(true);
    expect(isCoverPath('/api/placeholder/200/280')).toBe(true);
    expect(isCoverPath('/api/books/meditations')).toBe(false);
    expect(isCoverPath('/api/books/meditations/chunks/0')).toBe(false);
  });

  it('revalidates public catalogue reads only', () => {
    for (const path of [
      '/api/books',
      '/api/books/meditations',
      '/api/categories',
      '/api/page-content/homepage',
      '/api/seo/config',
    ]) {
      expect(isCatalogueApiPath(path), path).toBe(true);
    }
    for (const path of [
      '/api/auth/user',
      '/api/books/meditations/chunks/3',
      '/api/books/meditations/manifest',
      '/api/books/meditations/preview',
      '/api/books/meditations/cover.svg',
      '/api/library',
      '/api/me',
      '/api/devices',
    ]) {
      expect(isCatalogueApiPath(path), path).toBe(false);
    }
  });

  it("keeps the build's hashed code and fonts once loaded, nothing else", () => {
    for (const path of [
      '/assets/admin-app-D66y5dbC.js',
      '/assets/reader-shell-Dvmw_tIf.css',
      '/assets/inter-latin-wght-normal-Dx4kXJAl.woff2',
      '/assets/pdf.worker.min-FHbmGBN0.mjs',
    ])
      expect(isBuiltCodePath(path), path).toBe(true);
    for (const path of [
      '/sw.js',
      '/index.html',
      '/assets/admin-app-D66y5dbC.js.map',
      '/api/books',
      '/assets/',
      '/x/assets/a.js',
    ])
      expect(isBuiltCodePath(path), path).toBe(false);
  });

  it('asks the network first for the plans, whose prices admins edit', () => {
    expect(isPlansApiPath('/api/plans')).toBe(true);
    expect(isCatalogueApiPath('/api/plans')).toBe(false);
    expect(isPlansApiPath('/api/admin/plans')).toBe(false);
  });

  it('knows a page load of a book in the reader, which offline gets the reader page', () => {
    for (const path of ['/reader/the-prince', '/read/2874b333-aa4f-40be-bad5-ba444b479ebf', '/reader/the-prince/'])
      expect(isReaderAddress(path), path).toBe(true);
    for (const path of ['/reader', '/reader/', '/reader/a/b', '/book/the-prince', '/library', '/api/reader/x'])
      expect(isReaderAddress(path), path).toBe(false);
  });

  it('never answers an /api navigation with the app shell', () => {
    expect(NAVIGATION_DENYLIST.some((pattern) => pattern.test('/api/books'))).toBe(true);
    expect(NAVIGATION_DENYLIST.some((pattern) => pattern.test('/bookstore'))).toBe(false);
  });
});
