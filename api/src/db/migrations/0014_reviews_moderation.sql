CREATE TABLE `review_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`review_id` text NOT NULL,
	`reason` text NOT NULL,
	`resolved_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`review_id`) REFERENCES `book_reviews`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_reports_user_review_unique` ON `review_reports` (`user_id`,`review_id`);--> statement-breakpoint
CREATE INDEX `review_reports_open_idx` ON `review_reports` (`resolved_at`,`created_at`);--> statement-breakpoint
CREATE INDEX `review_reports_review_idx` ON `review_reports` (`review_id`);--> statement-breakpoint
ALTER TABLE `book_reviews` ADD `has_spoilers` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `book_reviews` ADD `moderation_reason` text;--> statement-breakpoint
ALTER TABLE `book_reviews` ADD `moderated_at` integer;--> statement-breakpoint
ALTER TABLE `book_reviews` ADD `moderated_by_id` text REFERENCES users(id);