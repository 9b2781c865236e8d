import { describe, expect, it } from 'vitest';
import { isTypingTarget, READER_SHORTCUTS, readerActionForKey } from './keyboard-shortcuts';

describe('readerActionForKey', () => {
  it.each([
    ['ArrowRight', 'next-page'],
    ['PageDown', 'next-page'],
    ['ArrowLeft', 'previous-page'],
    ['PageUp', 'previous-page'],
    ['Home', 'first-page'],
    ['End', 'last-page'],
    ['+', 'zoom-in'],
    ['=', 'zoom-in'],
    ['-', 'zoom-out'],
    ['0', 'fit-width'],
    ['f', 'fullscreen'],
    ['F', 'fullscreen'],
    ['b', 'add-bookmark'],
    ['/', 'search'],
    ['t', 'theme'],
    ['?', 'help'],
  ])('maps %s to %s', (key, action) => {
    expect(readerActionForKey({ key })).toBe(action);
  });

  it('opens the book search for Ctrl+F and Cmd+F, and refuses printing for Ctrl+P', () => {
    expect(readerActionForKey({ key: 'f', ctrlKey: true })).toBe('search');
    expect(readerActionForKey({ key: 'F', metaKey: true })).toBe('search');
    expect(readerActionForKey({ key: 'p', ctrlKey: true })).toBe('print');
    expect(readerActionForKey({ key: 'P', metaKey: true })).toBe('print');
  });

  it('leaves other browser shortcuts and unknown keys alone', () => {
    expect(readerActionForKey({ key: 'c', ctrlKey: true })).toBeNull();
    expect(readerActionForKey({ key: '+', ctrlKey: true })).toBeNull();
    expect(readerActionForKey({ key: 'ArrowRight', altKey: true })).toBeNull();
    expect(readerActionForKey({ key: 'x' })).toBeNull();
    expect(readerActionForKey({ key: 'Enter' })).toBeNull();
  });

  it('lists every action once in the help overlay, and every key it shows does that action', () => {
    const listed = READER_SHORTCUTS.map((shortcut) => shortcut.action);
    expect(new Set(listed).size).toBe(listed.length);
    const eventFor = (shown: string) => {
      if (shown === 'Ctrl + F') return { key: 'f', ctrlKey: true };
      const named: Record<string, string> = {
        '→': 'ArrowRight',
        '←': 'ArrowLeft',
        'Page Down': 'PageDown',
        'Page Up': 'PageUp',
      };
      return { key: named[shown] ?? (shown.length === 1 ? shown.toLowerCase() : shown) };
    };
    for (const shortcut of READER_SHORTCUTS) {
      for (const shown of shortcut.keys) expect(readerActionForKey(eventFor(shown)), shown).toBe(shortcut.action);
    }
  });
});

describe('isTypingTarget', () => {
  it('is true for text fields, text areas, selects and editable content', () => {
    const input = document.createElement('input');
    const search = Object.assign(document.createElement('input'), { type: 'search' });
    const textarea = document.createElement('textarea');
    const select = document.createElement('select');
    const editable = document.createElement('div');
    editable.contentEditable = 'true';
    document.body.append(editable);
    expect(isTypingTarget(input)).toBe(true);
    expect(isTypingTarget(search)).toBe(true);
    expect(isTypingTarget(textarea)).toBe(true);
    expect(isTypingTarget(select)).toBe(true);
    expect(isTypingTarget(editable)).toBe(true);
    editable.remove();
  });

  it('is false for buttons, checkboxes, the page and nothing', () => {
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    expect(isTypingTarget(Object.assign(document.createElement('input'), { type: 'checkbox' }))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(window)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
