import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPY_LIMIT_UNLIMITED, READER_MESSAGES, type TCopyBudget } from '@shared/reader';
import { ApiError } from '@web/lib/api';
import {
  COPY_CHECK_FAILED_MESSAGE,
  CopyRefusedError,
  countCopyCharacters,
  decideCopy,
  installCopyGuard,
  isNetworkFailure,
  remainingCopyCharacters,
  type TClipboardWriter,
} from './copy-guard';

const budget = (used: number, limit: number): TCopyBudget => ({ used, limit, isLimitReached: used >= limit });

describe('countCopyCharacters', () => {
  it('counts characters with runs of white space as one', () => {
    expect(countCopyCharacters('  Hello,\n\n  world  ')).toBe('Hello, world'.length);
    expect(countCopyCharacters('naïve café')).toBe(10);
    expect(countCopyCharacters('😀😀')).toBe(2);
    expect(countCopyCharacters(' \n\t ')).toBe(0);
  });
});

describe('decideCopy', () => {
  it('ignores empty copies', () => {
    expect(decideCopy({ characters: 0, budget: budget(0, 100) })).toEqual({ kind: 'ignore' });
  });

  it('asks the server while the copy fits the budget, or when the budget is unknown', () => {
    expect(decideCopy({ characters: 40, budget: budget(60, 100) })).toEqual({ kind: 'ask-server', characters: 40 });
    expect(decideCopy({ characters: 5000, budget: null })).toEqual({ kind: 'ask-server', characters: 5000 });
  });

  it('refuses at the limit or past it with the reader message, without asking', () => {
    expect(decideCopy({ characters: 1, budget: budget(100, 100) })).toEqual({
      kind: 'refuse',
      message: READER_MESSAGES.copyLimitReached,
    });
    expect(decideCopy({ characters: 41, budget: budget(60, 100) })).toEqual({
      kind: 'refuse',
      message: READER_MESSAGES.copyLimitReached,
    });
  });

  it('never refuses locally when copying is not limited', () => {
    const unlimited = { used: 10_000, limit: COPY_LIMIT_UNLIMITED, isLimitReached: false };
    expect(decideCopy({ characters: 50_000, budget: unlimited })).toEqual({ kind: 'ask-server', characters: 50_000 });
    expect(remainingCopyCharacters(unlimited)).toBeNull();
    expect(remainingCopyCharacters(budget(120, 100))).toBe(0);
    expect(remainingCopyCharacters(budget(30, 100))).toBe(70);
  });
});

describe('installCopyGuard', () => {
  let uninstall: (() => void) | null = null;
  afterEach(() => {
    uninstall?.();
    uninstall = null;
    document.body.replaceChildren();
    document.getSelection()?.removeAllRanges();
  });

  function setup(options: { budget?: TCopyBudget | null; record?: (characters: number) => Promise<TCopyBudget> } = {}) {
    const root = document.createElement('div');
    root.innerHTML = '<div class="textLayer"><span id="line">The quick brown fox</span></div>';
    const outside = document.createElement('p');
    outside.textContent = 'Outside the book';
    document.body.append(root, outside);
    const written: Promise<string>[] = [];
    const clipboard: TClipboardWriter = {
      writeWhenReady: (text) => {
        written.push(text);
        return text.then(() => undefined);
      },
    };
    const record = vi.fn(options.record ?? (async (characters: number) => budget(characters, 100)));
    const onRefused = vi.fn();
    const onBudget = vi.fn();
    uninstall = installCopyGuard({
      root,
      getBudget: () => options.budget ?? null,
      recordCopy: record,
      onBudget,
      onRefused,
      clipboard,
    });
    return { root, outside, written, record, onRefused, onBudget };
  }

  function select(node: Node) {
    const selection = document.getSelection()!;
    selection.removeAllRanges();
    const range = document.createRange();
    range.selectNodeContents(node);
    selection.addRange(range);
  }

  function copy(target: Node): Event {
    const event = new Event('copy', { bubbles: true, cancelable: true });
    target.dispatchEvent(event);
    return event;
  }

  it('cancels the native copy, asks the server with the character count, then writes the text', async () => {
    const { root, written, record, onBudget, onRefused } = setup({ budget: budget(0, 100) });
    const line = root.querySelector('#line')!;
    const reachedPdfJs = vi.fn();
    line.addEventListener('copy', reachedPdfJs);
    select(line);
    const event = copy(line);
    expect(event.defaultPrevented).toBe(true);
    expect(reachedPdfJs).not.toHaveBeenCalled();
    expect(record).toHaveBeenCalledExactlyOnceWith(19);
    await expect(written[0]).resolves.toBe('The quick brown fox');
    expect(onBudget).toHaveBeenCalledWith(budget(19, 100));
    expect(onRefused).not.toHaveBeenCalled();
  });

  it('refuses at the limit without asking the server or writing anything', () => {
    const { root, written, record, onRefused } = setup({ budget: budget(100, 100) });
    select(root.querySelector('#line')!);
    const event = copy(root.querySelector('#line')!);
    expect(event.defaultPrevented).toBe(true);
    expect(record).not.toHaveBeenCalled();
    expect(written).toHaveLength(0);
    expect(onRefused).toHaveBeenCalledExactlyOnceWith(READER_MESSAGES.copyLimitReached);
  });

  it("writes nothing when the server refuses, and shows the server's message", async () => {
    const { root, written, onRefused } = setup({
      record: () => Promise.reject(new CopyRefusedError(READER_MESSAGES.copyLimitReached)),
    });
    select(root.querySelector('#line')!);
    copy(root.querySelector('#line')!);
    await expect(written[0]).rejects.toBeInstanceOf(CopyRefusedError);
    expect(onRefused).toHaveBeenCalledExactlyOnceWith(READER_MESSAGES.copyLimitReached);
  });

  it('fails closed when the server cannot be asked', async () => {
    const { root, written, onRefused } = setup({ record: () => Promise.reject(new TypeError('Failed to fetch')) });
    select(root.querySelector('#line')!);
    copy(root.querySelector('#line')!);
    await expect(written[0]).rejects.toThrow('Failed to fetch');
    expect(onRefused).toHaveBeenCalledExactlyOnceWith(COPY_CHECK_FAILED_MESSAGE);
  });

  it('leaves copies of text outside the book alone', () => {
    const { outside, record } = setup();
    select(outside);
    const event = copy(outside);
    expect(event.defaultPrevented).toBe(false);
    expect(record).not.toHaveBeenCalled();
  });

  it('stops guarding once uninstalled', () => {
    const { root, record } = setup();
    uninstall?.();
    uninstall = null;
    select(root.querySelector('#line')!);
    expect(copy(root.querySelector('#line')!).defaultPrevented).toBe(false);
    expect(record).not.toHaveBeenCalled();
  });
});

describe('installCopyGuard offline', () => {
  let uninstall: (() => void) | null = null;
  afterEach(() => {
    uninstall?.();
    uninstall = null;
    document.body.replaceChildren();
    document.getSelection()?.removeAllRanges();
    vi.restoreAllMocks();
  });

  function setup(options: {
    budget?: TCopyBudget | null;
    record?: (characters: number) => Promise<TCopyBudget>;
    recordOffline?: (characters: number) => Promise<void>;
    isOffline?: () => boolean;
  }) {
    const root = document.createElement('div');
    root.innerHTML = '<div class="textLayer"><span id="line">The quick brown fox</span></div>';
    document.body.append(root);
    const written: Promise<string>[] = [];
    const clipboard: TClipboardWriter = {
      writeWhenReady: (text) => {
        written.push(text);
        return text.then(() => undefined);
      },
    };
    const record = vi.fn(options.record ?? (async (characters: number) => budget(characters, 100)));
    const recordOffline = vi.fn(options.recordOffline ?? (async () => undefined));
    const onRefused = vi.fn();
    const onBudget = vi.fn();
    uninstall = installCopyGuard({
      root,
      getBudget: () => options.budget ?? null,
      recordCopy: record,
      onBudget,
      onRefused,
      clipboard,
      recordOfflineCopy: recordOffline,
      isOffline: options.isOffline,
    });
    const line = root.querySelector('#line')!;
    const selection = document.getSelection()!;
    selection.removeAllRanges();
    const range = document.createRange();
    range.selectNodeContents(line);
    selection.addRange(range);
    const copy = () => {
      const event = new Event('copy', { bubbles: true, cancelable: true });
      line.dispatchEvent(event);
      return event;
    };
    return { written, record, recordOffline, onRefused, onBudget, copy };
  }

  it('counts the copy offline without asking the server, then writes the text', async () => {
    const { written, record, recordOffline, onRefused, onBudget, copy } = setup({ isOffline: () => true });
    expect(copy().defaultPrevented).toBe(true);
    await expect(written[0]).resolves.toBe('The quick brown fox');
    expect(recordOffline).toHaveBeenCalledExactlyOnceWith(19);
    expect(record).not.toHaveBeenCalled();
    expect(onBudget).not.toHaveBeenCalled();
    expect(onRefused).not.toHaveBeenCalled();
  });

  it("follows the browser's online flag by default", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { written, record, recordOffline, copy } = setup({});
    copy();
    await expect(written[0]).resolves.toBe('The quick brown fox');
    expect(recordOffline).toHaveBeenCalledExactlyOnceWith(19);
    expect(record).not.toHaveBeenCalled();
  });

  it('refuses with the reader message when the offline budget is spent, writing nothing', async () => {
    const { written, onRefused, copy } = setup({
      isOffline: () => true,
      recordOffline: () => Promise.reject(new CopyRefusedError(READER_MESSAGES.copyLimitReached)),
    });
    expect(copy().defaultPrevented).toBe(true);
    await expect(written[0]).rejects.toBeInstanceOf(CopyRefusedError);
    expect(onRefused).toHaveBeenCalledExactlyOnceWith(READER_MESSAGES.copyLimitReached);
  });

  it('refuses before counting when the last known budget is already spent', () => {
    const { recordOffline, onRefused, written, copy } = setup({ isOffline: () => true, budget: budget(100, 100) });
    copy();
    expect(recordOffline).not.toHaveBeenCalled();
    expect(written).toHaveLength(0);
    expect(onRefused).toHaveBeenCalledExactlyOnceWith(READER_MESSAGES.copyLimitReached);
  });

  it('counts offline when the request cannot reach the server', async () => {
    const { written, record, recordOffline, onRefused, copy } = setup({
      isOffline: () => false,
      record: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    copy();
    await expect(written[0]).resolves.toBe('The quick brown fox');
    expect(record).toHaveBeenCalledExactlyOnceWith(19);
    expect(recordOffline).toHaveBeenCalledExactlyOnceWith(19);
    expect(onRefused).not.toHaveBeenCalled();
  });

  it("keeps the server's refusal: no offline counting after a 422", async () => {
    const { written, recordOffline, onRefused, copy } = setup({
      isOffline: () => false,
      record: () => Promise.reject(new CopyRefusedError(READER_MESSAGES.copyLimitReached)),
    });
    copy();
    await expect(written[0]).rejects.toBeInstanceOf(CopyRefusedError);
    expect(recordOffline).not.toHaveBeenCalled();
    expect(onRefused).toHaveBeenCalledExactlyOnceWith(READER_MESSAGES.copyLimitReached);
  });

  it('fails closed on a server error instead of counting offline', async () => {
    const { written, recordOffline, onRefused, copy } = setup({
      isOffline: () => false,
      record: () => Promise.reject(new ApiError(503, 'Service Unavailable', '')),
    });
    copy();
    await expect(written[0]).rejects.toBeInstanceOf(ApiError);
    expect(recordOffline).not.toHaveBeenCalled();
    expect(onRefused).toHaveBeenCalledExactlyOnceWith(COPY_CHECK_FAILED_MESSAGE);
  });

  it('fails closed when the offline count cannot be stored', async () => {
    const { written, onRefused, copy } = setup({
      isOffline: () => true,
      recordOffline: () => Promise.reject(new Error('QuotaExceededError')),
    });
    copy();
    await expect(written[0]).rejects.toThrow('QuotaExceededError');
    expect(onRefused).toHaveBeenCalledExactlyOnceWith(COPY_CHECK_FAILED_MESSAGE);
  });

  it('tells network failures from answers', () => {
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkFailure(new ApiError(422, 'Unprocessable', ''))).toBe(false);
    expect(isNetworkFailure(new CopyRefusedError('no'))).toBe(false);
    expect(isNetworkFailure(new DOMException('aborted', 'AbortError'))).toBe(false);
  });
});
