-- Full-text search inside books (docs/ARCHITECTURE.md#data): one FTS5 row per page of book_pages, used by
-- "search inside the book" and the assistant's retrieval with page citations. External-content table:
-- the text is stored once (in book_pages) and these triggers keep the index in step with every write.
-- Porter stemming suits natural-language questions ("habits" finds "habit").
CREATE VIRTUAL TABLE `book_pages_fts` USING fts5(
  `text`,
  content = 'book_pages',
  content_rowid = 'id',
  tokenize = 'porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `book_pages_fts_insert` AFTER INSERT ON `book_pages`
BEGIN
  INSERT INTO `book_pages_fts` (rowid, `text`) VALUES (new.`id`, new.`text`);
END;
--> statement-breakpoint
CREATE TRIGGER `book_pages_fts_delete` AFTER DELETE ON `book_pages`
BEGIN
  INSERT INTO `book_pages_fts` (`book_pages_fts`, rowid, `text`) VALUES ('delete', old.`id`, old.`text`);
END;
--> statement-breakpoint
CREATE TRIGGER `book_pages_fts_update` AFTER UPDATE ON `book_pages`
BEGIN
  INSERT INTO `book_pages_fts` (`book_pages_fts`, rowid, `text`) VALUES ('delete', old.`id`, old.`text`);
  INSERT INTO `book_pages_fts` (rowid, `text`) VALUES (new.`id`, new.`text`);
END;
