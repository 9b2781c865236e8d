import { describe, expect, it } from 'vitest';
import { applyWatermark, watermarkText } from './watermark';

const policy = { name: 'Ada Lovelace', email: 'ada@example.com', loanId: 'loan-42' };

describe('watermarkText', () => {
  it("carries the reader's name, e-mail and loan id", () => {
    expect(watermarkText(policy)).toBe('Ada Lovelace · ada@example.com · Loan loan-42');
  });

  it('leaves out empty parts instead of printing separators', () => {
    expect(watermarkText({ name: '  ', email: 'ada@example.com', loanId: 'loan-42' })).toBe(
      'ada@example.com · Loan loan-42',
    );
  });
});

describe('applyWatermark', () => {
  it('adds one hidden, repeated text layer to the page', () => {
    const page = document.createElement('div');
    page.className = 'page';
    const layer = applyWatermark(page, watermarkText(policy));
    expect(layer.dataset.testid).toBe('watermark');
    expect(layer.getAttribute('aria-hidden')).toBe('true');
    expect(layer.textContent).toContain('ada@example.com');
    expect(layer.textContent).toContain('Loan loan-42');
    expect(layer.querySelectorAll('span').length).toBeGreaterThan(5);
    expect(page.querySelectorAll('[data-testid="watermark"]')).toHaveLength(1);
  });

  it('is idempotent for the same text and replaces the layer when the text changes', () => {
    const page = document.createElement('div');
    const first = applyWatermark(page, 'one');
    expect(applyWatermark(page, 'one')).toBe(first);
    const second = applyWatermark(page, 'two');
    expect(second).not.toBe(first);
    expect(page.querySelectorAll('.reader-watermark')).toHaveLength(1);
    expect(page.textContent).not.toContain('one');
  });

  it('writes names as text, never as markup', () => {
    const page = document.createElement('div');
    applyWatermark(page, '<img src=x onerror=alert(1)>');
    expect(page.querySelector('img')).toBeNull();
    expect(page.textContent).toContain('<img src=x onerror=alert(1)>');
  });
});
