/**
 * Compiles the API server (api/src/index.ts) and its command-line tools (api/src/cli/*.ts) to
 * JavaScript in dist/api, so production runs plain `node` instead of a TypeScript loader. One ESM
 * bundle per entry point for Node 20; packages stay in node_modules (they are imported, not bundled),
 * and the @shared/@api aliases resolve through tsconfig.json's paths.
 *
 * A bundle would move every module to the bundle's folder, and code that finds files next to its
 * source (drizzle migrations, content/books, createRequire for pdf.js and the DejaVu fonts) would
 * look in the wrong place. So each module's `import.meta.url` is rewritten to the URL of its source
 * file, computed from the bundle's own location: the compiled server reads exactly what the source
 * reads, wherever the checkout lives.
 *
 * Usage: `node scripts/build-api.mjs [outDir]` (dist/api by default; part of `npm run build`, see scripts/build.mjs).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');
export const API_OUT_DIR = path.join(ROOT, 'dist/api');
const CLI_DIR = path.join(ROOT, 'api/src/cli');

/** `import.meta.url` of each bundled module becomes its source file's URL, relative to the bundle in `outDir`. */
function sourceLocatedImportMeta(outDir) {
  return {
    name: 'source-located-import-meta',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?tsx?$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = await fs.promises.readFile(args.path, 'utf8');
        if (/\bimport\.meta\.(dirname|filename)\b/.test(source)) {
          // Not rewritten below: fail here rather than ship a path that points into dist/.
          throw new Error(`${path.relative(ROOT, args.path)}: use import.meta.url, which the API build relocates`);
        }
        if (!source.includes('import.meta.url')) return { contents: source, loader: 'ts' };
        const relative = path.relative(outDir, args.path).split(path.sep).join('/');
        const located = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
        return { contents: source.replaceAll('import.meta.url', located), loader: 'ts' };
      });
    },
  };
}

async function bundle(entryPoints, outDir) {
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints,
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    sourcemap: true,
    outExtension: { '.js': '.js' },
    logLevel: 'warning',
    plugins: [sourceLocatedImportMeta(outDir)],
  });
}

/** Builds <outDir>/index.js (the server) and <outDir>/cli/<name>.js (one per api/src/cli/<name>.ts). */
export async function buildApi(outDir = API_OUT_DIR) {
  fs.rmSync(outDir, { recursive: true, force: true });
  const cliEntries = fs
    .readdirSync(CLI_DIR)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => path.join(CLI_DIR, name));
  await bundle([path.join(ROOT, 'api/src/index.ts')], outDir);
  await bundle(cliEntries, path.join(outDir, 'cli'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  await buildApi(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
