import { describe, expect, it } from 'vitest';
import { applyWatermark, shortenEmail, watermarkText } from './watermark';

const policy = { name: 'Ada Lovelace', email: 'ada@example.com', loanId: 'loan-42' };

describe('shortenEmail', () => {
  it('keeps two characters of the local part and the domain', () => {
    expect(shortenEmail('ada.lovelace@example.com')).toBe('ad…@example.com');
    expect(shortenEmail('ada@example.com')).toBe('ad…@example.com');
  });

  it('never shows a short local part whole', () => {
    expect(shortenEmail('al@example.com')).toBe('a…@example.com');
    expect(shortenEmail('a@example.com')).toBe('a…@example.com');
  });

  it('leaves something that is not an e-mail as it is', () => {
    expect(shortenEmail('no-at-sign')).toBe('no-at-sign');
  });
});

describe('watermarkText', () => {
  it("carries the reader's name, shortened e-mail and loan id", () => {
    expect(watermarkText(policy)).toBe('Ada Lovelace · ad…@example.com · Loan loan-42');
    expect(watermarkText(policy)).not.toContain('ada@example.com');
  });

  it('leaves out empty parts instead of printing separators', () => {
    expect(watermarkText({ name: '  ', email: 'ada@example.com', loanId: 'loan-42' })).toBe(
      'ad…@example.com · Loan loan-42',
    );
  });
});

describe('applyWatermark', () => {
  it('adds one hidden layer with the text in the top and bottom margins', () => {
    const page = document.createElement('div');
    page.className = 'page';
    const layer = applyWatermark(page, watermarkText(policy));
    expect(layer.dataset.testid).toBe('watermark');
    expect(layer.getAttribute('aria-hidden')).toBe('true');
    expect(layer.querySelector('.reader-watermark-top')?.textContent).toBe(watermarkText(policy));
    expect(layer.querySelector('.reader-watermark-bottom')?.textContent).toBe(watermarkText(policy));
    expect(layer.querySelectorAll('span')).toHaveLength(2);
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
