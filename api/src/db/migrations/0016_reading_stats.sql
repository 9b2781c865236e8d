CREATE TABLE `reading_book_stats` (
	`user_id` text NOT NULL,
	`book_id` text NOT NULL,
	`first_read_at` integer NOT NULL,
	`last_read_at` integer NOT NULL,
	`reading_ms` integer DEFAULT 0 NOT NULL,
	`tts_ms` integer DEFAULT 0 NOT NULL,
	`pages` integer DEFAULT 0 NOT NULL,
	`sessions` integer DEFAULT 0 NOT NULL,
	`times_finished` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `book_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `reading_book_stats_book_idx` ON `reading_book_stats` (`book_id`);--> statement-breakpoint
CREATE TABLE `reading_day_stats` (
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	`reading_ms` integer DEFAULT 0 NOT NULL,
	`tts_ms` integer DEFAULT 0 NOT NULL,
	`pages` integer DEFAULT 0 NOT NULL,
	`sessions` integer DEFAULT 0 NOT NULL,
	`books_finished` integer DEFAULT 0 NOT NULL,
	`hour_ms` text NOT NULL,
	PRIMARY KEY(`user_id`, `day`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "reading_day_stats_day_check" CHECK(length("reading_day_stats"."day") = 10)
);
--> statement-breakpoint
CREATE TABLE `reading_stats_state` (
	`user_id` text PRIMARY KEY NOT NULL,
	`time_zone` text NOT NULL,
	`day_start_minutes` integer NOT NULL,
	`dirty` integer DEFAULT true NOT NULL,
	`built_at` integer,
	`reminder_sent_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_user_reading_preferences` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`favorite_genres` text DEFAULT '[]' NOT NULL,
	`preferred_authors` text DEFAULT '[]' NOT NULL,
	`reading_goals_per_month` integer DEFAULT 2 NOT NULL,
	`preferred_book_length` text DEFAULT 'medium' NOT NULL,
	`daily_pages_goal` integer,
	`daily_minutes_goal` integer,
	`time_zone` text,
	`day_start_minutes` integer DEFAULT 0 NOT NULL,
	`total_books_completed` integer DEFAULT 0 NOT NULL,
	`average_rating` real DEFAULT 0 NOT NULL,
	`email_preferences` text DEFAULT '{"weeklyRecommendations":true,"newBookAlerts":true,"personalizedDeals":true,"readingReminders":true}' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "user_reading_preferences_length_check" CHECK("__new_user_reading_preferences"."preferred_book_length" in ('short', 'medium', 'long')),
	CONSTRAINT "user_reading_preferences_goal_check" CHECK("__new_user_reading_preferences"."reading_goals_per_month" >= 0),
	CONSTRAINT "user_reading_preferences_day_start_check" CHECK("__new_user_reading_preferences"."day_start_minutes" between 0 and 1439),
	CONSTRAINT "user_reading_preferences_daily_goals_check" CHECK(coalesce("__new_user_reading_preferences"."daily_pages_goal", 1) >= 1 and coalesce("__new_user_reading_preferences"."daily_minutes_goal", 1) >= 1),
	CONSTRAINT "user_reading_preferences_rating_check" CHECK("__new_user_reading_preferences"."average_rating" between 0 and 5)
);
--> statement-breakpoint
INSERT INTO `__new_user_reading_preferences`("id", "user_id", "favorite_genres", "preferred_authors", "reading_goals_per_month", "preferred_book_length", "total_books_completed", "average_rating", "email_preferences", "created_at", "updated_at") SELECT "id", "user_id", "favorite_genres", "preferred_authors", "reading_goals_per_month", "preferred_book_length", "total_books_completed", "average_rating", "email_preferences", "created_at", "updated_at" FROM `user_reading_preferences`;--> statement-breakpoint
DROP TABLE `user_reading_preferences`;--> statement-breakpoint
ALTER TABLE `__new_user_reading_preferences` RENAME TO `user_reading_preferences`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `user_reading_preferences_user_unique` ON `user_reading_preferences` (`user_id`);