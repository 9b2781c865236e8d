-- The catalogue caches (book detail, categories, browsing without a search term) read categories and
-- book_categories besides books: track them too (see 0007_cache_generations and TRACKED_TABLES).
INSERT INTO `cache_generations` (`table_name`, `generation`) VALUES ('book_categories', random()), ('categories', random());
--> statement-breakpoint
CREATE TRIGGER `book_categories_cache_generation_insert` AFTER INSERT ON `book_categories`
BEGIN
  UPDATE `cache_generations` SET `generation` = random() WHERE `table_name` = 'book_categories';
END;
--> statement-breakpoint
CREATE TRIGGER `book_categories_cache_generation_update` AFTER UPDATE ON `book_categories`
BEGIN
  UPDATE `cache_generations` SET `generation` = random() WHERE `table_name` = 'book_categories';
END;
--> statement-breakpoint
CREATE TRIGGER `book_categories_cache_generation_delete` AFTER DELETE ON `book_categories`
BEGIN
  UPDATE `cache_generations` SET `generation` = random() WHERE `table_name` = 'book_categories';
END;
--> statement-breakpoint
CREATE TRIGGER `categories_cache_generation_insert` AFTER INSERT ON `categories`
BEGIN
  UPDATE `cache_generations` SET `generation` = random() WHERE `table_name` = 'categories';
END;
--> statement-breakpoint
CREATE TRIGGER `categories_cache_generation_update` AFTER UPDATE ON `categories`
BEGIN
  UPDATE `cache_generations` SET `generation` = random() WHERE `table_name` = 'categories';
END;
--> statement-breakpoint
CREATE TRIGGER `categories_cache_generation_delete` AFTER DELETE ON `categories`
BEGIN
  UPDATE `cache_generations` SET `generation` = random() WHERE `table_name` = 'categories';
END;
