import { afterEach, describe, expect, it, vi } from 'vitest';

function writePage({ code, picture }: { code: string; picture: boolean }) {
  document.head.innerHTML = `<script type="application/json" id="wb-app-code">${code}</script>`;
  document.body.innerHTML = `${picture ? '<div id="first-screen" inert><h1>Read</h1></div>' : ''}<div id="root"></div>`;
}

/** What the module adds to the head, kept out of the document so happy-dom does not try to fetch it. */
let appended: HTMLElement[] = [];

async function runStartModule() {
  appended = [];
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    appended.push(...(nodes as HTMLElement[]));
  });
  vi.resetModules();
  await import('./start-after-paint');
}

const entryScript = () => appended.find((node): node is HTMLScriptElement => node instanceof HTMLScriptElement);
const links = (rel: string) =>
  appended.filter((node): node is HTMLLinkElement => node instanceof HTMLLinkElement && node.rel === rel);

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('start after paint (docs/decisions/020-app-starts-after-the-first-paint.md)', () => {
  it('loads the entry, then the module preloads and stylesheets a few per task, when there is no picture to wait for', async () => {
    vi.useFakeTimers();
    const modules = Array.from({ length: 10 }, (_, index) => `/assets/chunk-${index}.js`);
    writePage({
      code: JSON.stringify({ entry: '/assets/index-1.js', modules, styles: ['/assets/screen-1.css'] }),
      picture: false,
    });
    await runStartModule();
    expect(entryScript()?.type).toBe('module');
    expect(entryScript()?.getAttribute('src')).toBe('/assets/index-1.js');
    expect(links('modulepreload')).toHaveLength(8);
    vi.runAllTimers();
    expect(links('modulepreload').map((link) => link.getAttribute('href'))).toEqual(modules);
    expect(links('preload').map((link) => [link.getAttribute('href'), link.as])).toEqual([
      ['/assets/screen-1.css', 'style'],
    ]);
  });

  it('waits for the picture to be painted, and starts anyway when the browser never says so', async () => {
    vi.useFakeTimers();
    writePage({ code: JSON.stringify({ entry: '/assets/index-1.js' }), picture: true });
    await runStartModule();
    vi.advanceTimersByTime(2900);
    expect(entryScript()).toBeUndefined();
    vi.advanceTimersByTime(100);
    expect(entryScript()?.getAttribute('src')).toBe('/assets/index-1.js');
  });

  it('loads nothing from a missing or unreadable data block', async () => {
    writePage({ code: '{not json', picture: false });
    await runStartModule();
    expect(appended).toEqual([]);
  });
});
