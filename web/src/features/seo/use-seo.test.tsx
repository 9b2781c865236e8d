import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, waitFor } from '@testing-library/react';
import { mockFetch, renderWithProviders, seoConfig } from '../catalogue/test-utils';
import { useSeo, type TSeoOverrides } from './use-seo';
import { apiPath } from '@web/lib/api-test-support';

function Page({ overrides }: { overrides?: TSeoOverrides }) {
  useSeo('bookstore', overrides);
  return null;
}

const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');

beforeEach(() => {
  document.head.innerHTML = '<meta name="description" content="old">';
  document.title = 'Default';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useSeo', () => {
  it('sets the title and meta tags from the page type config, updating or creating tags', async () => {
    const api = mockFetch({
      [apiPath('/seo/config')]: () => ({
        ...seoConfig('bookstore'),
        ogImage: '/og.png',
        canonicalUrl: 'https://example.test/bookstore',
      }),
    });
    renderWithProviders(<Page />);
    await waitFor(() => expect(document.title).toBe('Wonderful Books bookstore'));
    expect(api.callsTo(apiPath('/seo/config'))[0].searchParams.get('pageType')).toBe('bookstore');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(meta('meta[name="description"]')).toBe('About bookstore');
    expect(meta('meta[name="robots"]')).toBe('index, follow');
    expect(meta('meta[property="og:title"]')).toBe('Wonderful Books bookstore');
    expect(meta('meta[property="og:image"]')).toMatch(/^https?:\/\/.+\/og\.png$/);
    expect(meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'https://example.test/bookstore',
    );
  });

  it('lets the page override title, description and image', async () => {
    mockFetch({ [apiPath('/seo/config')]: () => seoConfig('book') });
    renderWithProviders(
      <Page overrides={{ title: 'Atomic Habits', description: 'Tiny changes', image: '/cover.svg' }} />,
    );
    await waitFor(() => expect(meta('meta[property="og:description"]')).toBe('Tiny changes'));
    expect(document.title).toBe('Atomic Habits');
    expect(meta('meta[name="twitter:title"]')).toBe('Atomic Habits');
    expect(meta('meta[name="twitter:image"]')).toMatch(/\/cover\.svg$/);
  });

  it("warns 'Failed to fetch SEO config' and keeps the defaults when the fetch fails", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch({ [apiPath('/seo/config')]: () => new Response('nope', { status: 500 }) });
    renderWithProviders(<Page />);
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Failed to fetch SEO config', expect.any(Error)));
    expect(document.title).toBe('Default');
    expect(meta('meta[name="description"]')).toBe('old');
  });
});
