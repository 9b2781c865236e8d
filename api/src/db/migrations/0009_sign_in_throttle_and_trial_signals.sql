CREATE TABLE `known_sign_in_sources` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`value_hash` text NOT NULL,
	`last_signed_in_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `known_sign_in_sources_user_kind_value_idx` ON `known_sign_in_sources` (`user_id`,`kind`,`value_hash`);--> statement-breakpoint
CREATE TABLE `login_lockouts` (
	`id` text PRIMARY KEY NOT NULL,
	`account_key` text NOT NULL,
	`user_id` text,
	`source_key` text NOT NULL,
	`source_ip` text,
	`failures` integer DEFAULT 0 NOT NULL,
	`last_failure_at` integer NOT NULL,
	`locked_until` integer,
	`unlock_token_hash` text,
	`unlock_token_expires` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `login_lockouts_account_source_idx` ON `login_lockouts` (`account_key`,`source_key`);--> statement-breakpoint
CREATE INDEX `login_lockouts_user_idx` ON `login_lockouts` (`user_id`);--> statement-breakpoint
CREATE INDEX `login_lockouts_locked_until_idx` ON `login_lockouts` (`locked_until`);--> statement-breakpoint
CREATE INDEX `login_lockouts_unlock_token_idx` ON `login_lockouts` (`unlock_token_hash`);--> statement-breakpoint
ALTER TABLE `users` ADD `trial_declined_at` integer;--> statement-breakpoint
ALTER TABLE `free_trial_abuse_prevention` ADD `phone_number` text;--> statement-breakpoint
CREATE INDEX `free_trial_abuse_phone_idx` ON `free_trial_abuse_prevention` (`phone_number`);