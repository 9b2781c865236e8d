CREATE TABLE `billing_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`provider` text NOT NULL,
	`customer_id` text,
	`subscription_id` text NOT NULL,
	`tier` text NOT NULL,
	`status` text NOT NULL,
	`current_period_start` integer NOT NULL,
	`current_period_end` integer NOT NULL,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`pending_tier` text,
	`card_brand` text,
	`card_last4` text,
	`grace_ends_at` integer,
	`cycle_reset_period_start` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "billing_subscriptions_provider_check" CHECK("billing_subscriptions"."provider" in ('test', 'stripe')),
	CONSTRAINT "billing_subscriptions_tier_check" CHECK("billing_subscriptions"."tier" in ('basic', 'premium')),
	CONSTRAINT "billing_subscriptions_status_check" CHECK("billing_subscriptions"."status" in ('active', 'past_due', 'canceled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `billing_subscriptions_user_unique` ON `billing_subscriptions` (`user_id`);--> statement-breakpoint
CREATE INDEX `billing_subscriptions_status_idx` ON `billing_subscriptions` (`status`,`grace_ends_at`);--> statement-breakpoint
CREATE TABLE `test_provider_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`subscription_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`user_id` text,
	`tier` text NOT NULL,
	`status` text NOT NULL,
	`current_period_start` integer NOT NULL,
	`current_period_end` integer NOT NULL,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`pending_tier` text,
	`card_brand` text,
	`card_last4` text,
	`grace_ends_at` integer,
	`ended_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "test_provider_subscriptions_tier_check" CHECK("test_provider_subscriptions"."tier" in ('basic', 'premium')),
	CONSTRAINT "test_provider_subscriptions_status_check" CHECK("test_provider_subscriptions"."status" in ('active', 'past_due', 'canceled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `test_provider_subscriptions_sub_unique` ON `test_provider_subscriptions` (`subscription_id`);--> statement-breakpoint
CREATE INDEX `test_provider_subscriptions_user_idx` ON `test_provider_subscriptions` (`user_id`);--> statement-breakpoint
CREATE INDEX `test_provider_subscriptions_status_idx` ON `test_provider_subscriptions` (`status`,`current_period_end`);--> statement-breakpoint
ALTER TABLE `checkout_sessions` ADD `last_error` text;