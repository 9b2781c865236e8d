/**
 * "JavaScript sent before the landing page is interactive, compressed, is reported and does not grow": the
 * landing page's initial scripts in the BUILT web app (dist/web; built by scripts/built-web.ts only when
 * missing, so run `npm run build` after changing web code) must stay within the recorded budget
 * (bench/landing-js-budget.json) plus its small margin. A deliberate increase is recorded with
 * `npm run bench bundle -- --record` and explained in the commit; a smaller figure should be recorded too,
 * so the budget follows the savings down.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuiltWeb } from './built-web';
import { measureLandingBundle, readLandingBudget, type TLandingBundle } from '../bench/bundle-size';

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB_DIST = process.env.BUNDLE_SCAN_DIR
  ? path.resolve(process.env.BUNDLE_SCAN_DIR)
  : path.join(ROOT, 'dist', 'web');

describe('landing page JavaScript budget', () => {
  let bundle: TLandingBundle;

  beforeAll(() => {
    ensureBuiltWeb(WEB_DIST);
    bundle = measureLandingBundle(WEB_DIST);
  }, 180_000);

  it('sends no more compressed JavaScript before the landing page is interactive than the recorded budget allows', () => {
    const budget = readLandingBudget();
    const list = bundle.files.map((file) => `${file.file} ${file.brotliBytes} B`).join(', ');
    expect(
      bundle.totalBrotliBytes,
      `landing JS is ${bundle.totalBrotliBytes} B brotli, budget ${budget.brotliBytes} B + ${budget.marginBytes} B: ${list}`,
    ).toBeLessThanOrEqual(budget.brotliBytes + budget.marginBytes);
  });

  it('keeps pdf.js, the reader, the back office and charts out of the landing page', () => {
    expect(bundle.leakedHeavyChunks).toEqual([]);
  });
});
