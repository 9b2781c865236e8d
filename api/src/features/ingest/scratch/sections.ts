import { detectTableOfContents } from '../../../db/seed/table-of-contents';
import { contentBookSections, readContentBookText } from '../../../db/seed/book-pdfs';
import { listContentBookSlugs, readContentBookMeta } from '../../../db/seed/content-books';
for (const slug of listContentBookSlugs()) {
  const meta = readContentBookMeta(slug); const text = readContentBookText(slug);
  const titles = detectTableOfContents(text, { title: meta.title, author: meta.author, maxEntries: 250 });
  const sections = contentBookSections(text, meta);
  const titled = sections.filter(s => s.title);
  const front = sections.find(s => !s.title);
  console.log(slug.padEnd(40), 'titles', titles.length, 'found', titled.length, 'front', front?.text.length ?? 0, 'min', Math.min(...titled.map(s => s.text.length)), 'first:', JSON.stringify(titled[0]?.title), JSON.stringify(titled[0]?.text.slice(0, 60)));
  const missing = titles.filter(t => !titled.some(s => s.title === t));
  if (missing.length) console.log('   missing:', missing.slice(0, 5));
}
