import { beforeEach, describe, expect, it } from 'vitest';
import { readReaderSettings } from '@web/storage/reader-settings';
import { effectivePageMode } from './page-habits';
import {
  DEFAULT_READER_SETTINGS,
  parseReaderSettings,
  resetReaderSettingsCache,
  updateReaderSettings,
} from './reader-settings';

describe('reader settings', () => {
  beforeEach(() => resetReaderSettingsCache());

  it('falls back field by field to the defaults for anything stored wrongly', () => {
    const parsed = parseReaderSettings({ view: 'text', textSize: 19, textFont: 'comic', lineSpacing: 1.7 });
    expect(parsed.view).toBe('text');
    expect(parsed.textSize).toBe(DEFAULT_READER_SETTINGS.textSize);
    expect(parsed.textFont).toBe('serif');
    expect(parsed.lineSpacing).toBe(1.7);
    expect(parseReaderSettings(null)).toEqual(DEFAULT_READER_SETTINGS);
  });

  it('turns one page at a time on phones and scrolls on wide screens unless the reader chose', () => {
    expect(effectivePageMode(DEFAULT_READER_SETTINGS, false)).toBe('paginated');
    expect(effectivePageMode(DEFAULT_READER_SETTINGS, true)).toBe('continuous');
    expect(effectivePageMode({ ...DEFAULT_READER_SETTINGS, pageMode: 'paginated' }, true)).toBe('paginated');
  });

  it('keeps every change on this device', async () => {
    updateReaderSettings({ view: 'text', textSize: 24 });
    await expect.poll(async () => parseReaderSettings(await readReaderSettings()).textSize).toBe(24);
    expect(parseReaderSettings(await readReaderSettings()).view).toBe('text');
  });
});
