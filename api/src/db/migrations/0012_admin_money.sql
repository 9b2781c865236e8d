CREATE TABLE `mrr_movements` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`subscription_id` text NOT NULL,
	`kind` text NOT NULL,
	`tier_before` text NOT NULL,
	`tier_after` text NOT NULL,
	`mrr_before` integer NOT NULL,
	`mrr_after` integer NOT NULL,
	`currency` text DEFAULT 'GBP' NOT NULL,
	`occurred_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "mrr_movements_kind_check" CHECK("mrr_movements"."kind" in ('new', 'expansion', 'contraction', 'churn')),
	CONSTRAINT "mrr_movements_tier_before_check" CHECK("mrr_movements"."tier_before" in ('free', 'trial', 'basic', 'premium')),
	CONSTRAINT "mrr_movements_tier_after_check" CHECK("mrr_movements"."tier_after" in ('free', 'trial', 'basic', 'premium')),
	CONSTRAINT "mrr_movements_amount_check" CHECK("mrr_movements"."mrr_before" >= 0 and "mrr_movements"."mrr_after" >= 0)
);
--> statement-breakpoint
CREATE INDEX `mrr_movements_occurred_idx` ON `mrr_movements` (`occurred_at`,`kind`,`mrr_before`,`mrr_after`);--> statement-breakpoint
CREATE INDEX `mrr_movements_user_idx` ON `mrr_movements` (`user_id`,`occurred_at`);--> statement-breakpoint
CREATE INDEX `mrr_movements_trial_conversion_idx` ON `mrr_movements` (`user_id`) WHERE kind = 'new' and tier_before = 'trial';--> statement-breakpoint
CREATE TABLE `refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`user_id` text,
	`provider` text NOT NULL,
	`provider_refund_id` text NOT NULL,
	`tier` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text DEFAULT 'GBP' NOT NULL,
	`reason` text,
	`refunded_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "refunds_provider_check" CHECK("refunds"."provider" in ('test', 'stripe')),
	CONSTRAINT "refunds_tier_check" CHECK("refunds"."tier" in ('basic', 'premium')),
	CONSTRAINT "refunds_amount_check" CHECK("refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_provider_unique` ON `refunds` (`provider`,`provider_refund_id`);--> statement-breakpoint
CREATE INDEX `refunds_invoice_idx` ON `refunds` (`invoice_id`);--> statement-breakpoint
CREATE INDEX `refunds_created_idx` ON `refunds` (`created_at`);--> statement-breakpoint
CREATE TABLE `email_campaign_recipients` (
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
	CONSTRAINT "email_campaign_recipients_status_check" CHECK("email_campaign_recipients"."status" in ('pending', 'sent', 'failed', 'suppressed')),
	CONSTRAINT "email_campaign_recipients_attempts_check" CHECK("email_campaign_recipients"."attempts" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_campaign_recipients_unique` ON `email_campaign_recipients` (`campaign_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `email_campaign_recipients_due_idx` ON `email_campaign_recipients` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `email_campaign_recipients_campaign_idx` ON `email_campaign_recipients` (`campaign_id`,`status`);--> statement-breakpoint
CREATE TABLE `email_campaigns` (
	`id` text PRIMARY KEY NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`status` text DEFAULT 'sending' NOT NULL,
	`audience_count` integer NOT NULL,
	`sent_count` integer DEFAULT 0 NOT NULL,
	`failed_count` integer DEFAULT 0 NOT NULL,
	`suppressed_count` integer DEFAULT 0 NOT NULL,
	`created_by` text,
	`completed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "email_campaigns_status_check" CHECK("email_campaigns"."status" in ('sending', 'completed', 'cancelled'))
);
--> statement-breakpoint
CREATE INDEX `email_campaigns_created_idx` ON `email_campaigns` (`created_at`);--> statement-breakpoint
CREATE INDEX `email_campaigns_status_idx` ON `email_campaigns` (`status`);--> statement-breakpoint
ALTER TABLE `invoices` ADD `amount_refunded` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `invoices_paid_idx` ON `invoices` (`paid_at`,`status`,`tier`,`amount_paid`);--> statement-breakpoint
-- Hand-written: subscriptions that were live before MRR movements were recorded start their MRR history at their
-- current period start, at their plan's price (docs/product/metrics.md#mrr-movements).
INSERT INTO `mrr_movements` (`id`, `user_id`, `subscription_id`, `kind`, `tier_before`, `tier_after`, `mrr_before`, `mrr_after`, `currency`, `occurred_at`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-a' || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
  bs.`user_id`, bs.`subscription_id`, 'new', 'free', bs.`tier`, 0, coalesce(p.`price_amount`, 0), coalesce(p.`currency`, 'GBP'), bs.`current_period_start`
FROM `billing_subscriptions` bs LEFT JOIN `subscription_plans` p ON p.`tier` = bs.`tier`
WHERE bs.`status` <> 'canceled';
--> statement-breakpoint
-- Hand-written: indexes the back-office figures need on tables owned by other features, kept out of their drizzle
-- schema files (docs/product/metrics.md#speed). The trial's end is whichever trial column is set.
CREATE INDEX `users_trial_end_idx` ON `users` (coalesce(`trial_ends_at`, `free_trial_ended_at`));--> statement-breakpoint
CREATE INDEX `reading_sessions_started_ended_idx` ON `reading_sessions` (`started_at`, `ended_at`);
