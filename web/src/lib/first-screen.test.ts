import { afterEach, describe, expect, it, vi } from 'vitest';

function writePicture(attributes: string) {
  document.body.innerHTML = `<div id="first-screen" ${attributes}></div><div id="root"></div>`;
}

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
  document.body.innerHTML = '';
});

/** Fresh modules per test: which drawer has drawn is remembered per page (module state). */
async function load() {
  const drawn = await import('./reader-first-page');
  const screen = await import('./first-screen');
  return { ...screen, announce: drawn.announceReaderFirstPageDrawn };
}

describe('the hand-off from the server picture to the app (docs/decisions/025-reader-first-page.md)', () => {
  it("removes a visitor's picture at once", async () => {
    const { revealApp } = await load();
    writePicture('inert');
    revealApp();
    expect(document.getElementById('first-screen')).toBeNull();
  });

  it("keeps the reader's picture of the book's page until the viewer has drawn its own, not the picture's", async () => {
    const { revealApp, announce } = await load();
    writePicture('data-reader-picture data-shows-page inert');
    announce('picture');
    revealApp();
    await Promise.resolve();
    expect(document.getElementById('first-screen')).not.toBeNull();
    announce('viewer');
    await vi.waitFor(() => expect(document.getElementById('first-screen')).toBeNull());
  });

  it('removes it at once when the viewer drew first, and after a limit when it never draws', async () => {
    const first = await load();
    writePicture('data-reader-picture data-shows-page inert');
    first.announce('viewer');
    first.revealApp();
    await vi.waitFor(() => expect(document.getElementById('first-screen')).toBeNull());

    vi.useFakeTimers();
    vi.resetModules();
    const second = await load();
    writePicture('data-reader-picture data-shows-page inert');
    second.revealApp();
    await vi.advanceTimersByTimeAsync(4_900);
    expect(document.getElementById('first-screen')).not.toBeNull();
    await vi.advanceTimersByTimeAsync(200);
    expect(document.getElementById('first-screen')).toBeNull();
  });

  it('gives way to an error at once', async () => {
    const { revealAppNow } = await load();
    writePicture('data-reader-picture data-shows-page inert');
    revealAppNow();
    expect(document.getElementById('first-screen')).toBeNull();
  });

  it("removes a reader's picture that shows no page (text view, or the book could not be drawn) with the screen", async () => {
    const { revealApp } = await load();
    writePicture('data-reader-picture inert');
    revealApp();
    expect(document.getElementById('first-screen')).toBeNull();
  });
});
