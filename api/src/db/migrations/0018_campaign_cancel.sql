PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_email_campaign_recipients` (
	`id` text PRIMARY KEY NOT NULL,
	`campaign_id` text NOT NULL,
	`user_id` text,
	`email` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`email_log_id` text,
	`sent_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `email_campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "email_campaign_recipients_status_check" CHECK("__new_email_campaign_recipients"."status" in ('pending', 'sent', 'failed', 'suppressed', 'cancelled')),
	CONSTRAINT "email_campaign_recipients_attempts_check" CHECK("__new_email_campaign_recipients"."attempts" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_email_campaign_recipients`("id", "campaign_id", "user_id", "email", "status", "attempts", "next_attempt_at", "last_error", "email_log_id", "sent_at", "created_at", "updated_at") SELECT "id", "campaign_id", "user_id", "email", "status", "attempts", "next_attempt_at", "last_error", "email_log_id", "sent_at", "created_at", "updated_at" FROM `email_campaign_recipients`;--> statement-breakpoint
DROP TABLE `email_campaign_recipients`;--> statement-breakpoint
ALTER TABLE `__new_email_campaign_recipients` RENAME TO `email_campaign_recipients`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `email_campaign_recipients_unique` ON `email_campaign_recipients` (`campaign_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `email_campaign_recipients_due_idx` ON `email_campaign_recipients` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `email_campaign_recipients_campaign_idx` ON `email_campaign_recipients` (`campaign_id`,`status`);--> statement-breakpoint
ALTER TABLE `email_campaigns` ADD `cancelled_at` integer;--> statement-breakpoint
ALTER TABLE `email_campaigns` ADD `cancelled_by` text;