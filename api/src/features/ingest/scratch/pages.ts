import { createTestContext } from '../../../test-utils';
import { books, bookPages } from '../../../db/schema';
import { typesetContentBook } from '../../../db/seed/book-pdfs';
import { analysePdf } from '../pdf-analysis';
const ctx = createTestContext();
const book = ctx.db.insert(books).values({ title: 'WoN', author: 'Smith', slug: 'x' }).returning().get();
const typeset = await typesetContentBook('the-wealth-of-nations');
const a = await analysePdf(typeset.bytes, { renderCover: false });
const t = performance.now();
ctx.db.$client.transaction(() => {
  const pages = a.pageTexts.map((text, index) => ({ bookId: book.id, version: 1, pageNumber: index + 1, text }));
  for (let s = 0; s < pages.length; s += 200) ctx.db.insert(bookPages).values(pages.slice(s, s + 200)).run();
})();
console.log('pages insert', Math.round(performance.now() - t));
