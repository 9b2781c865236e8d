/**
 * Initial JavaScript of the landing page, gzip-compressed: the entry chunk plus everything it imports
 * statically, plus the lazily loaded landing route with its static imports (the browser needs all of
 * them before the page is interactive). Read from Vite's build manifest. Target ≤ 170 KB.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export function measureLandingBundle(distDir = path.resolve('dist/web')) {
  const manifestFile = path.join(distDir, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error('No build manifest: run `npm run build` first.');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('No entry chunk in the manifest.');
  visit(entryKey);
  const landingKey = Object.keys(manifest).find((key) => key.endsWith('features/home/home-page.tsx'));
  if (landingKey) visit(landingKey);

  const files = [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const sizes = files.map((file) => {
    const bytes = fs.readFileSync(path.join(distDir, file));
    return { file, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
  });
  const totalGzip = sizes.reduce((sum, entry) => sum + entry.gzipBytes, 0);
  const excluded = ['pdfjs', 'pdf.worker', 'features/admin'].filter((marker) =>
    files.some((file) => file.includes(marker)),
  );
  return { files: sizes, totalGzipKB: Math.round(totalGzip / 102.4) / 10, targetKB: 170, leakedHeavyChunks: excluded };
}
