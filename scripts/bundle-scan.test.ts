/**
 * "No e-mail address grants anything in client code" (docs/product/decisions.md#3
 * control"): roles come from the server only. This test scans the BUILT web bundle (dist/web, what
 * browsers actually run, after minification and env inlining) and fails on:
 *
 * - any e-mail-address-like text (string literals, template literals, comments or regex bodies alike,
 *   also when '@' is written as an escape such as \x40 or \u0040);
 * - a bare e-mail domain literal such as "@corp.com" (domain-based privilege);
 * - an e-mail compared with a non-empty literal (`user.email === "..."`, either order, also after
 *   `.toLowerCase()`/`.trim()`), except `typeof x.email === "string"`;
 * - an e-mail looked up in a list (`[...].includes(user.email)`, `list.has(x.email)`, `.indexOf(...)`)
 *   or checked by domain (`email.endsWith(...)`).
 *
 * The build runs only when dist/web is missing (scripts/built-web.ts); otherwise the existing output is reused,
 * so after changing web code run `npm run build` first to scan the fresh bundle.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuiltWeb } from './built-web';
import { scanJavaScript } from './bundle-scan';

const ROOT = path.resolve(import.meta.dirname, '..');
/** BUNDLE_SCAN_DIR scans another build output (e.g. a fresh `vite build --outDir /tmp/x`) instead. */
const WEB_DIST = process.env.BUNDLE_SCAN_DIR
  ? path.resolve(process.env.BUNDLE_SCAN_DIR)
  : path.join(ROOT, 'dist', 'web');
const ASSETS = path.join(WEB_DIST, 'assets');

function bundleFiles(): string[] {
  const js = (dir: string) =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((name) => name.endsWith('.js') || name.endsWith('.mjs'))
          .map((name) => path.join(dir, name))
      : [];
  // Every chunk in assets/, plus the service worker at the root (it ships to browsers too).
  return [...js(ASSETS), ...js(WEB_DIST)];
}

describe('scanJavaScript (the scanner itself)', () => {
  it('flags an e-mail literal granting admin', () => {
    const findings = scanJavaScript('if (user.email === "boss@corp.com") isAdmin = true');
    expect(findings.map((f) => f.kind)).toEqual(expect.arrayContaining(['email-literal', 'email-comparison']));
    expect(findings.find((f) => f.kind === 'email-literal')?.match).toBe('boss@corp.com');
  });

  it('flags the minified shapes: template literals, reversed order, normalised e-mails, escapes', () => {
    expect(scanJavaScript('t.email===`boss@corp.com`&&(r=!0)')).not.toEqual([]);
    expect(scanJavaScript('"boss@corp.com"===e.email?1:0')).not.toEqual([]);
    expect(scanJavaScript('e.email.toLowerCase().trim()==="root"&&a()').map((f) => f.kind)).toEqual([
      'email-comparison',
    ]);
    expect(scanJavaScript('const a="boss\\x40corp.com"').map((f) => f.kind)).toEqual(['email-literal']);
    expect(scanJavaScript("const a='boss\\u0040corp.com'").map((f) => f.kind)).toEqual(['email-literal']);
  });

  it('flags list lookups and domain checks on e-mails', () => {
    expect(scanJavaScript('["a@b.io","c@d.io"].includes(u.email)').map((f) => f.kind)).toEqual([
      'email-literal',
      'email-literal',
      'email-list-lookup',
    ]);
    expect(scanJavaScript('n.has(u.email)&&(r="admin")').map((f) => f.kind)).toEqual(['email-list-lookup']);
    expect(
      scanJavaScript('u.email.endsWith(`@corp.com`)')
        .map((f) => f.kind)
        .sort(),
    ).toEqual(['email-domain-check', 'email-domain-literal']);
  });

  it('leaves ordinary code alone', () => {
    const clean = [
      'email:typeof t.email==`string`?t.email:``',
      'if(e.email===``)return null',
      'let t=e.lastIndexOf(`@`);',
      'import("@radix-ui/react-dialog");const v="pkg@1.2.3"',
      'e.role===`super_admin`?`/super-admin`:`/dashboard`',
    ].join(';');
    expect(scanJavaScript(clean)).toEqual([]);
  });
});

describe('the built web bundle (dist/web)', () => {
  beforeAll(() => {
    // Only when there is no build yet: `vite build` takes a while, so an existing one is reused.
    ensureBuiltWeb(WEB_DIST);
  }, 600_000);

  it('contains no e-mail literal or e-mail-based authorisation', () => {
    const files = bundleFiles();
    expect(files.length, `no JavaScript found in ${ASSETS}`).toBeGreaterThan(0);
    const findings = files.flatMap((file) => scanJavaScript(fs.readFileSync(file, 'utf8'), path.relative(ROOT, file)));
    const report = findings.map((f) => `${f.file}: ${f.kind} ${JSON.stringify(f.match)} in …${f.context}…`).join('\n');
    expect(findings, `e-mail-based authorisation in the web bundle:\n${report}`).toEqual([]);
  });
});
