import fs from 'node:fs';
import { analysePdf } from '../pdf-analysis';
const bytes = new Uint8Array(fs.readFileSync(process.argv[2]));
for (const renderCover of [false, true, false]) {
  const t = performance.now();
  await analysePdf(bytes, { renderCover });
  console.log(renderCover, Math.round(performance.now() - t));
}
