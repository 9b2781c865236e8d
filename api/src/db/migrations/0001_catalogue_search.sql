-- Full-text index of the catalogue (docs/ARCHITECTURE.md#data). Trigram tokens make every indexed column searchable
-- by substring, which is what the search box's "title contains" rule needs, and stay fast at 100k rows.
-- Rows are written by api/src/features/search/search-index.ts (bulk rebuild after seeding and one
-- book at a time after catalogue edits); book_id joins back to books.id.
CREATE VIRTUAL TABLE `books_fts` USING fts5(
  `book_id` UNINDEXED,
  `title`,
  `author`,
  `description`,
  `categories`,
  `tags`,
  tokenize = 'trigram remove_diacritics 1'
);
