import { afterEach, describe, expect, it, vi } from 'vitest';

const startPdfWorker = vi.fn();
vi.mock('./features/reader/pdf/pdf-worker', () => ({ startPdfWorker: () => startPdfWorker() }));
let finishDrawing: (drawn: boolean) => void = () => undefined;
const drawReaderPageFirstPage = vi.fn(
  (_picture: HTMLElement) =>
    new Promise<void>((resolve, reject) => {
      finishDrawing = (drawn) => (drawn ? resolve() : reject(new Error('no access')));
    }),
);
vi.mock('./features/reader/first-page-picture', () => ({
  drawReaderPageFirstPage: (picture: HTMLElement) => drawReaderPageFirstPage(picture),
}));

const requestLicenseEarly = vi.fn();
vi.mock('./protected-content/early-license', () => ({
  requestLicenseEarly: (bookRef: string, userId: string) => requestLicenseEarly(bookRef, userId),
}));

const CODE = JSON.stringify({ entry: '/assets/index-1.js', modules: ['/assets/reader-page-1.js'], styles: [] });

const READER = JSON.stringify({
  bookRef: 'deep-work',
  userId: 'user-1',
  manifest: { bookId: 'book-1', version: 1, size: 10, chunkSize: 65536 },
  progress: null,
  bookmarks: [],
});

function writePage(picture: boolean) {
  document.head.innerHTML = `<script type="application/json" id="wb-app-code">${CODE}</script><script type="application/json" id="wb-reader">${READER}</script>`;
  document.body.innerHTML = `${picture ? '<div id="first-screen" data-reader-picture inert></div>' : ''}<div id="root"></div>`;
}

/** What the module adds to the head, kept out of the document so happy-dom does not try to fetch it. */
let appended: HTMLElement[] = [];
const entryLoaded = () =>
  appended.some((node) => node instanceof HTMLScriptElement && node.src.endsWith('/index-1.js'));

async function runReaderPageScript() {
  appended = [];
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    appended.push(...(nodes as HTMLElement[]));
  });
  vi.resetModules();
  await import('./reader-first-page');
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  startPdfWorker.mockClear();
  requestLicenseEarly.mockClear();
  drawReaderPageFirstPage.mockClear();
  localStorage.clear();
});

describe("the reader page's own script (docs/decisions/025-reader-first-page.md)", () => {
  it("starts pdf.js's worker and the reader's theme at once, and the app only once the first page is drawn", async () => {
    localStorage.setItem('wb.reader.theme', 'dark');
    writePage(true);
    await runReaderPageScript();
    expect(startPdfWorker).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(document.getElementById('first-screen')?.dataset.readerTheme).toBe('dark'));
    await vi.waitFor(() => expect(drawReaderPageFirstPage).toHaveBeenCalledTimes(1));
    // The licence was asked for before the drawing code ran, and the page's data is left for that code.
    expect(requestLicenseEarly).toHaveBeenCalledWith('deep-work', 'user-1');
    expect(requestLicenseEarly.mock.invocationCallOrder[0]).toBeLessThan(
      drawReaderPageFirstPage.mock.invocationCallOrder[0],
    );
    expect(document.getElementById('wb-reader')).not.toBeNull();
    expect(entryLoaded()).toBe(false);
    finishDrawing(true);
    await vi.waitFor(() => expect(entryLoaded()).toBe(true));
  });

  it('starts the app when the page cannot be drawn: its screen meets the error and explains it', async () => {
    writePage(true);
    await runReaderPageScript();
    await vi.waitFor(() => expect(drawReaderPageFirstPage).toHaveBeenCalledTimes(1));
    finishDrawing(false);
    await vi.waitFor(() => expect(entryLoaded()).toBe(true));
  });

  it('starts the app after a limit when the page takes long to draw', async () => {
    vi.useFakeTimers();
    writePage(true);
    await runReaderPageScript();
    await vi.advanceTimersByTimeAsync(7_900);
    expect(entryLoaded()).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(entryLoaded()).toBe(true);
  });

  it('starts the app at once on a page without a picture, drawing nothing itself', async () => {
    writePage(false);
    await runReaderPageScript();
    await vi.waitFor(() => expect(entryLoaded()).toBe(true));
    expect(drawReaderPageFirstPage).not.toHaveBeenCalled();
  });

  it('starts the worker before the page is parsed, and reads the picture once it is', async () => {
    writePage(true);
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    await runReaderPageScript();
    expect(startPdfWorker).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(drawReaderPageFirstPage).not.toHaveBeenCalled();
    readyState.mockReturnValue('interactive');
    document.dispatchEvent(new Event('DOMContentLoaded'));
    await vi.waitFor(() => expect(drawReaderPageFirstPage).toHaveBeenCalledTimes(1));
  });
});
