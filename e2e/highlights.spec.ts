/**
 * Highlights, notes and review cards end to end (docs/product/highlights.md): a highlight made while
 * offline in one browser reaches another browser once the first is back online, painted on the page
 * and listed; a card made from it is reviewed with the keyboard; the screens pass axe at 390 and 1280 px.
 */
import type { Browser, Page } from '@playwright/test';
import {
  collectPageErrors,
  demoAccount,
  expect,
  expectPageRendered,
  seriousAxeViolations,
  signInThroughApi,
  test,
} from './fixtures';

/**
 * The premium admin reads here: an account no other spec reads with, so this spec's reading positions and highlights
 * never meet another spec's (the demo premium reader and the super admin open the same book elsewhere).
 */
const readerAccount = () => demoAccount('admin', 'premium');

const BOOK_SLUG = 'self-help';
const PAGE = 5;

async function openSecondBrowser(browser: Browser, baseURL: string | undefined, clientIp: string) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': clientIp } });
  const page = await context.newPage();
  return { context, page };
}

/** Selects the first long line of text on a page of the page view and answers the selected text. */
async function selectLineOnPage(page: Page, pageNumber: number): Promise<string> {
  const spans = page.locator(`.page[data-page-number="${pageNumber}"] .textLayer span`);
  await expect(spans.first()).toBeAttached({ timeout: 30_000 });
  return page.evaluate((number) => {
    const layer = document.querySelector(`.page[data-page-number="${number}"] .textLayer`)!;
    const span = [...layer.querySelectorAll('span')].find(
      (element) => element.children.length === 0 && (element.textContent ?? '').trim().split(/\s+/).length >= 5,
    )!;
    const text = span.firstChild as Text;
    const range = document.createRange();
    range.setStart(text, 0);
    range.setEnd(text, text.data.length);
    const selection = document.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    return text.data.replace(/\s+/g, ' ').trim();
  }, pageNumber);
}

const paintedRanges = (page: Page, name: string) =>
  page.evaluate((highlightName) => {
    const registry = (CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights;
    return [...(registry.get(highlightName) ?? [])].map((range) => range.toString().replace(/\s+/g, ' ').trim());
  }, name);

test.describe('highlights, notes and review cards', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a highlight made offline in one browser shows in another once back online, and its card is reviewed', async ({
    page,
    context,
    browser,
    baseURL,
    clientIp,
  }) => {
    const reader = readerAccount();
    await signInThroughApi(page, reader.email, reader.password, baseURL);
    await page.goto(`/reader/${BOOK_SLUG}?page=${PAGE}`);
    await expectPageRendered(page, PAGE);

    await context.setOffline(true);
    const quote = await selectLineOnPage(page, PAGE);
    await page.getByRole('button', { name: 'Highlight green' }).click();
    await expect.poll(() => paintedRanges(page, 'wb-highlight-green')).toContain(quote);
    await page.getByRole('button', { name: 'Highlights and notes' }).click();
    const list = page.getByRole('list', { name: 'Your highlights' });
    await expect(list).toContainText(quote);
    // A note, written as markup, stays text.
    await list.getByRole('listitem').filter({ hasText: quote }).getByRole('button', { name: 'Add note' }).click();
    await page.getByRole('textbox', { name: 'Note' }).fill('<b>Remember</b> this line');
    await page.getByRole('button', { name: 'Save note' }).click();
    await expect(list.getByRole('listitem').filter({ hasText: quote })).toContainText('<b>Remember</b> this line');

    await context.setOffline(false);
    const { id: bookId } = (await (await page.request.get(`/api/books/${BOOK_SLUG}`)).json()) as { id: string };
    await expect
      .poll(
        async () => {
          const response = await page.request.get(`/api/highlights?bookId=${bookId}`);
          const body = (await response.json()) as { items: { quote: string; note: string | null }[] };
          return body.items.find((item) => item.quote === quote)?.note ?? null;
        },
        { timeout: 60_000, message: 'the offline highlight and its note reached the server' },
      )
      .toBe('<b>Remember</b> this line');

    const second = await openSecondBrowser(browser, baseURL, clientIp);
    const secondErrors = collectPageErrors(second.page);
    await signInThroughApi(second.page, reader.email, reader.password, baseURL);
    await second.page.goto(`/reader/${BOOK_SLUG}?page=${PAGE}`);
    await expectPageRendered(second.page, PAGE);
    await expect.poll(() => paintedRanges(second.page, 'wb-highlight-green')).toContain(quote);
    await second.page.getByRole('button', { name: 'Highlights and notes' }).click();
    const secondItem = second.page
      .getByRole('list', { name: 'Your highlights' })
      .getByRole('listitem')
      .filter({ hasText: quote });
    await expect(secondItem).toContainText('<b>Remember</b> this line');
    await expect(second.page.locator('.reader-root b')).toHaveCount(0);
    await secondItem.getByRole('button', { name: 'Make a review card' }).click();
    await expect(secondItem).toContainText('In review');

    // The review session: keyboard only (space shows the answer, 1–4 rate).
    await second.page.goto('/review');
    await expect(second.page.getByRole('heading', { level: 1, name: 'Review' })).toBeVisible();
    let sawOurCard = false;
    const done = second.page.getByText('All done for today');
    for (let round = 0; round < 20; round++) {
      const reveal = second.page.getByRole('button', { name: /Show answer/ });
      await expect(reveal.or(done)).toBeVisible();
      if (await done.isVisible()) break;
      if ((await second.page.getByTestId('review-question').textContent())?.includes('<b>Remember</b>'))
        sawOurCard = true;
      await second.page.keyboard.press('Space');
      await expect(second.page.getByTestId('review-answer')).toBeVisible();
      await second.page.keyboard.press('3');
    }
    expect(sawOurCard).toBe(true);
    await expect(done).toBeVisible();
    // The keyboard goes on from the way out, not from the top of the page.
    await expect(second.page.getByRole('link', { name: 'Your highlights' })).toBeFocused();
    await expect
      .poll(async () => {
        const deck = (await (await second.page.request.get('/api/review-cards')).json()) as {
          reviews: { rating: number }[];
        };
        return deck.reviews.length;
      })
      .toBeGreaterThan(0);
    expect(secondErrors).toEqual([]);
    await second.context.close();
  });

  for (const width of [390, 1280]) {
    test(`the highlights and review screens at ${width} px have no serious accessibility violations`, async ({
      page,
      baseURL,
    }, testInfo) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      const reader = readerAccount();
      await signInThroughApi(page, reader.email, reader.password, baseURL);
      await page.goto('/highlights');
      await expect(page.getByRole('heading', { level: 1, name: 'Highlights and notes' })).toBeVisible();
      await expect(page.getByRole('link', { name: /^Page \d+$/ }).first()).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`highlights-${width}.png`), fullPage: true });
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.goto('/review');
      await expect(page.getByRole('heading', { level: 1, name: 'Review' })).toBeVisible();
      await expect(page.getByTestId('review-summary')).toContainText('to go');
      await page.screenshot({ path: testInfo.outputPath(`review-${width}.png`), fullPage: true });
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.goto('/dashboard');
      await expect(page.getByTestId('review-widget')).toContainText('due');
      await page.goto('/library');
      await expect(page.getByTestId('highlight-count').first()).toContainText('highlight');
      await page.screenshot({ path: testInfo.outputPath(`library-${width}.png`), fullPage: true });

      await page.goto(`/reader/${BOOK_SLUG}?page=3`);
      await expectPageRendered(page, 3);
      const panelButton =
        width === 390
          ? async () => {
              await page.getByRole('button', { name: 'More options' }).click();
              await page.getByRole('button', { name: 'Highlights and notes' }).click();
            }
          : () => page.getByRole('button', { name: 'Highlights and notes' }).click();
      await panelButton();
      await expect(page.getByRole('list', { name: 'Your highlights' })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`reader-panel-${width}.png`) });
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Copying a highlight's text from the list is a copy of the book: the server counts it first.
      const { id: bookId } = (await (await page.request.get(`/api/books/${BOOK_SLUG}`)).json()) as { id: string };
      const usedBefore = (
        (await (await page.request.get(`/api/books/${bookId}/copy-budget`)).json()) as { used: number }
      ).used;
      const copied = await page.evaluate(() => {
        const quote = document.querySelector('[aria-label="Your highlights"] blockquote')!;
        const range = document.createRange();
        range.selectNodeContents(quote);
        document.getSelection()!.removeAllRanges();
        document.getSelection()!.addRange(range);
        document.execCommand('copy');
        return (quote.textContent ?? '').replace(/\s+/g, ' ').trim().length;
      });
      await expect
        .poll(
          async () =>
            ((await (await page.request.get(`/api/books/${bookId}/copy-budget`)).json()) as { used: number }).used,
        )
        .toBe(usedBefore + copied);
    });
  }
});

/**
 * A stand-in for the browser's speech engine (headless Chromium has no voices): each utterance
 * "starts" and "ends" after a few milliseconds, in order, like a fast voice; cancel drops the queue.
 */
function fakeSpeech() {
  type TFakeUtterance = { text: string; onstart?: () => void; onend?: () => void };
  const queue: TFakeUtterance[] = [];
  let speaking = false;
  const next = () => {
    const utterance = queue.shift();
    if (!utterance) {
      speaking = false;
      return;
    }
    speaking = true;
    setTimeout(() => {
      utterance.onstart?.();
      (window as unknown as { __spoken: string[] }).__spoken.push(utterance.text);
      setTimeout(() => {
        utterance.onend?.();
        next();
      }, 50);
    }, 10);
  };
  (window as unknown as { __spoken: string[] }).__spoken = [];
  Object.defineProperty(window, 'speechSynthesis', {
    value: {
      speak: (utterance: TFakeUtterance) => {
        queue.push(utterance);
        if (!speaking) next();
      },
      cancel: () => {
        queue.length = 0;
      },
      pause: () => undefined,
      resume: () => undefined,
      getVoices: () => [],
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    },
  });
}

test('read aloud marks the sentence being read and the sleep timer stops at the end of the chapter', async ({
  page,
  baseURL,
}, testInfo) => {
  await page.addInitScript(fakeSpeech);
  const reader = readerAccount();
  await signInThroughApi(page, reader.email, reader.password, baseURL);
  // Page 5 opens the preface; the introduction begins on page 9 (the book's contents).
  await page.goto(`/reader/${BOOK_SLUG}?page=${PAGE}`);
  await expectPageRendered(page, PAGE);
  await page.getByRole('button', { name: 'Read aloud' }).click();
  await page.getByLabel('Sleep timer').selectOption('chapter');
  await expect(page.getByTestId('sleep-timer-status')).toHaveText('Stops at the end of this chapter (before page 9).');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  // The marked sentence is the one the voice is reading (looked at in one go: the voice moves on quickly).
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const registry = (CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights;
          const marked = [...(registry.get('wb-read-aloud') ?? [])].map((range) =>
            range.toString().replace(/\s+/g, ''),
          );
          const spoken = (window as unknown as { __spoken: string[] }).__spoken;
          const current = (spoken.at(-1) ?? '').replace(/\s+/g, '');
          return marked.length === 1 && marked[0].length > 5 && current.includes(marked[0]);
        }),
      { message: 'the sentence being read is marked on the page' },
    )
    .toBe(true);
  await page.screenshot({ path: testInfo.outputPath('read-aloud-1280.png') });
  await expect(page.getByTestId('read-aloud-status')).toHaveText('Stopped by the sleep timer.', { timeout: 60_000 });
  await expect(page.getByLabel('Page number')).toHaveValue('8');
  expect(await paintedRanges(page, 'wb-read-aloud')).toEqual([]);
});
