CREATE TABLE `challenge_comment_likes` (
	`comment_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`comment_id`, `user_id`),
	FOREIGN KEY (`comment_id`) REFERENCES `challenge_comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `challenge_comment_likes_user_idx` ON `challenge_comment_likes` (`user_id`);--> statement-breakpoint
CREATE TABLE `reading_reminders` (
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `day`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
DROP INDEX `challenge_participants_leaderboard_idx`;--> statement-breakpoint
ALTER TABLE `challenge_participants` ADD `hide_from_leaderboard` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `challenge_participants` ADD `milestone` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `challenge_participants_leaderboard_idx` ON `challenge_participants` (`challenge_id`,"progress" desc,`completed_at`,`joined_at`);--> statement-breakpoint
ALTER TABLE `challenge_comments` ADD `is_hidden` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `challenge_comments` ADD `moderation_reason` text;--> statement-breakpoint
ALTER TABLE `challenge_comments` ADD `deleted_at` integer;--> statement-breakpoint
ALTER TABLE `reading_challenges` ADD `is_featured` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `reading_challenges` ADD `closed_at` integer;