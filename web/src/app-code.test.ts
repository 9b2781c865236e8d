import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadApp } from './app-code';

/** What loadApp adds to the head, kept out of the document so happy-dom does not try to fetch it. */
let appended: HTMLElement[] = [];

function captureHead() {
  appended = [];
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    appended.push(...(nodes as HTMLElement[]));
  });
}

const entryScript = () => appended.find((node): node is HTMLScriptElement => node instanceof HTMLScriptElement);
const links = (rel: string) =>
  appended.filter((node): node is HTMLLinkElement => node instanceof HTMLLinkElement && node.rel === rel);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("loadApp: the app's stylesheet before its entry (docs/decisions/025-reader-first-page.md#the-pictures-stylesheet)", () => {
  it('applies the stylesheet and preloads the entry at once, and runs the entry only once the stylesheet has loaded', async () => {
    captureHead();
    loadApp({
      entry: '/assets/index-1.js',
      modules: ['/assets/a-1.js'],
      styles: [],
      appStyles: ['/assets/index-1.css'],
    });
    const [stylesheet] = links('stylesheet');
    expect(stylesheet?.getAttribute('href')).toBe('/assets/index-1.css');
    expect(links('modulepreload').map((link) => link.getAttribute('href'))).toEqual([
      '/assets/index-1.js',
      '/assets/a-1.js',
    ]);
    await Promise.resolve();
    expect(entryScript()).toBeUndefined();
    stylesheet.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(entryScript()?.getAttribute('src')).toBe('/assets/index-1.js'));
    expect(entryScript()?.type).toBe('module');
  });

  it('starts the app also when the stylesheet fails to load', async () => {
    captureHead();
    loadApp({ entry: '/assets/index-1.js', modules: [], styles: [], appStyles: ['/assets/index-1.css'] });
    links('stylesheet')[0].dispatchEvent(new Event('error'));
    await vi.waitFor(() => expect(entryScript()?.getAttribute('src')).toBe('/assets/index-1.js'));
  });

  it('runs the entry at once when the page already applies the stylesheet', () => {
    captureHead();
    loadApp({ entry: '/assets/index-1.js', modules: [], styles: [], appStyles: [] });
    expect(entryScript()?.getAttribute('src')).toBe('/assets/index-1.js');
    expect(links('stylesheet')).toHaveLength(0);
    expect(links('modulepreload')).toHaveLength(0);
  });
});
