import fs from 'node:fs';
import { analysePdf } from '../pdf-analysis';
for (const file of process.argv.slice(2)) {
  const bytes = new Uint8Array(fs.readFileSync(file));
  let maxGap = 0; let last = performance.now();
  const timer = setInterval(() => { const now = performance.now(); maxGap = Math.max(maxGap, now - last); last = now; }, 5);
  const t = performance.now();
  const a = await analysePdf(bytes, { renderCover: true });
  clearInterval(timer);
  console.log(file, { ms: Math.round(performance.now() - t), pages: a.pageCount, chars: a.totalCharacters, outline: a.outline.slice(0, 5), n: a.outline.length, info: a.info, cover: a.cover?.length, maxGap: Math.round(maxGap) });
  console.log(JSON.stringify(a.pageTexts[3]?.slice(0, 300)));
  if (a.cover) fs.writeFileSync('/tmp/wbA/' + file.split('/').pop() + '.jpg', a.cover);
}
