import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentToastPlacement } from './toaster';

function fixedBox(className: string, role: string | null, rect: Partial<DOMRect>): HTMLElement {
  const element = document.createElement('div');
  element.className = className;
  if (role) element.setAttribute('role', role);
  vi.spyOn(element, 'getBoundingClientRect').mockReturnValue({
    top: 0,
    bottom: 0,
    height: 0,
    left: 0,
    right: 0,
    width: 0,
    x: 0,
    y: 0,
    toJSON: () => ({}),
    ...rect,
  } as DOMRect);
  return element;
}

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('currentToastPlacement', () => {
  it('goes in the shell places when no toolbar runs along the bottom of the screen', () => {
    // A toolbar at the top (the reader's top bar) does not count.
    document.body.append(fixedBox('', 'toolbar', { top: 0, bottom: 56, height: 56 }));
    expect(currentToastPlacement()).toEqual({ kind: 'shell' });
  });

  it("sits just above the reader's bottom toolbar on a phone", () => {
    const height = window.innerHeight;
    const reader = fixedBox('reader-root', null, { top: 0, bottom: height, height });
    reader.append(fixedBox('', 'toolbar', { top: height - 61, bottom: height, height: 61 }));
    document.body.append(reader);
    expect(currentToastPlacement()).toEqual({ kind: 'above-bottom-controls', offsetPx: 61 });
  });

  it('is centred at the bottom of the reader when it has no bottom toolbar', () => {
    document.body.append(fixedBox('reader-root', null, { top: 0, bottom: window.innerHeight }));
    expect(currentToastPlacement()).toEqual({ kind: 'above-bottom-controls', offsetPx: 0 });
  });
});
