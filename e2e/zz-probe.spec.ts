import { test } from '@playwright/test';
test('probe value sets', async ({ page }) => {
  await page.addInitScript(() => {
    const desc = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!;
    (window as any).__log = [];
    Object.defineProperty(HTMLInputElement.prototype, 'value', {
      get() { return desc.get!.call(this); },
      set(v) { if (this.type === 'search') (window as any).__log.push(`set ${JSON.stringify(desc.get!.call(this))} -> ${JSON.stringify(v)}`); desc.set!.call(this, v); },
      configurable: true,
    });
    document.addEventListener('input', (e) => (window as any).__log.push(`input event value=${JSON.stringify((e.target as HTMLInputElement).value)}`), true);
  });
  await page.goto('/');
  const input = page.getByRole('combobox', { name: 'Search books, authors or topics' });
  await input.click();
  await input.pressSequentially('medi', { delay: 0 });
  await page.waitForTimeout(500);
  console.log((await page.evaluate(() => (window as any).__log)).join('\n'));
  console.log('final', await input.inputValue());
});
