ALTER TABLE `books` ADD `content_version` integer;--> statement-breakpoint
ALTER TABLE `pdf_assets` ADD `book_id` text REFERENCES books(id) ON DELETE cascade;--> statement-breakpoint
ALTER TABLE `pdf_assets` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `pdf_assets` ADD `page_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `pdf_assets` ADD `chunk_size` integer DEFAULT 1048576 NOT NULL;--> statement-breakpoint
ALTER TABLE `pdf_assets` ADD `chunk_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `pdf_assets` ADD `total_characters` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `pdf_assets` ADD `preview_storage_key` text;--> statement-breakpoint
ALTER TABLE `pdf_assets` ADD `preview_page_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `pdf_assets` ADD `encryption_key_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `pdf_assets_book_version_unique` ON `pdf_assets` (`book_id`,`version`);--> statement-breakpoint
ALTER TABLE `devices` ADD `offline_registered_at` integer;