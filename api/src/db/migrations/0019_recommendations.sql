CREATE TABLE `book_term_vectors` (
	`book_id` text PRIMARY KEY NOT NULL,
	`source` text NOT NULL,
	`terms` text NOT NULL,
	`computed_at` integer NOT NULL,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `recommendation_dismissals` (
	`user_id` text NOT NULL,
	`book_id` text NOT NULL,
	`dismissed_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `book_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `recommendation_mailings` (
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`, `key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "recommendation_mailings_kind_check" CHECK("recommendation_mailings"."kind" in ('weekly', 'new_book'))
);
--> statement-breakpoint
CREATE TABLE `similar_books` (
	`book_id` text NOT NULL,
	`similar_book_id` text NOT NULL,
	`score` real NOT NULL,
	`reason` text NOT NULL,
	PRIMARY KEY(`book_id`, `similar_book_id`),
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`similar_book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `book_recommendations` ADD `source_book_id` text REFERENCES books(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `book_recommendations` ADD `row_label` text;