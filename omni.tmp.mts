import { chromium } from '@playwright/test';
const extra = process.env.XARGS ? process.env.XARGS.split(' ') : [];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', ...extra] });
const cdp = await browser.newBrowserCDPSession();
let seen = 0;
for (let i = 0; i < 6; i++) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto('about:blank');
  await page.waitForTimeout(600);
  const { targetInfos } = await cdp.send('Target.getTargets');
  const omni = targetInfos.filter((t: any) => /omnibox|top-chrome/.test(t.url));
  if (omni.length) seen++;
  if (i === 5) console.log(targetInfos.map((t: any) => `${t.type}:${t.url.slice(0, 60)}`).join('\n'));
  await page.close(); await ctx.close();
}
console.log('rounds with omnibox target:', seen, 'of 6');
await browser.close();
