CREATE TABLE `card_reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`card_id` text NOT NULL,
	`rating` integer NOT NULL,
	`reviewed_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`card_id`) REFERENCES `review_cards`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "card_reviews_rating_check" CHECK("card_reviews"."rating" between 1 and 4)
);
--> statement-breakpoint
CREATE INDEX `card_reviews_user_idx` ON `card_reviews` (`user_id`,`reviewed_at`);--> statement-breakpoint
CREATE INDEX `card_reviews_card_idx` ON `card_reviews` (`card_id`);--> statement-breakpoint
CREATE TABLE `highlights` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`book_id` text NOT NULL,
	`page` integer NOT NULL,
	`start_offset` integer NOT NULL,
	`end_offset` integer NOT NULL,
	`quote` text NOT NULL,
	`color` text NOT NULL,
	`note` text,
	`hlc` text,
	`deleted_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "highlights_page_check" CHECK("highlights"."page" >= 1),
	CONSTRAINT "highlights_offsets_check" CHECK("highlights"."start_offset" >= 0 and "highlights"."end_offset" > "highlights"."start_offset"),
	CONSTRAINT "highlights_color_check" CHECK("highlights"."color" in ('yellow', 'green', 'blue', 'pink'))
);
--> statement-breakpoint
CREATE INDEX `highlights_user_book_idx` ON `highlights` (`user_id`,`book_id`,`page`);--> statement-breakpoint
CREATE INDEX `highlights_book_idx` ON `highlights` (`book_id`);--> statement-breakpoint
CREATE TABLE `review_cards` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`book_id` text NOT NULL,
	`highlight_id` text NOT NULL,
	`kind` text NOT NULL,
	`hlc` text,
	`deleted_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`highlight_id`) REFERENCES `highlights`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "review_cards_kind_check" CHECK("review_cards"."kind" in ('quote', 'note'))
);
--> statement-breakpoint
CREATE INDEX `review_cards_user_idx` ON `review_cards` (`user_id`);--> statement-breakpoint
CREATE INDEX `review_cards_highlight_idx` ON `review_cards` (`highlight_id`);--> statement-breakpoint
CREATE INDEX `review_cards_book_idx` ON `review_cards` (`book_id`);