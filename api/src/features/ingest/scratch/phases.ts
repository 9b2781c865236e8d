import { typesetContentBook } from '../../../db/seed/book-pdfs';
import { analysePdf } from '../pdf-analysis';
import { makePreviewPdf } from '../preview';
const typeset = await typesetContentBook('the-wealth-of-nations');
let maxGap = 0; let last = performance.now();
const timer = setInterval(() => { const now = performance.now(); maxGap = Math.max(maxGap, now - last); last = now; }, 5);
for (const cover of [false, true]) {
let t = performance.now(); maxGap = 0;
await analysePdf(typeset.bytes, { renderCover: cover });
console.log('analyse', cover, Math.round(performance.now() - t), 'gap', Math.round(maxGap));
}
let t = performance.now(); maxGap = 0;
await makePreviewPdf(typeset.bytes, 5, { title: 'a', author: 'b' });
console.log('preview', Math.round(performance.now() - t), 'gap', Math.round(maxGap));
clearInterval(timer);
