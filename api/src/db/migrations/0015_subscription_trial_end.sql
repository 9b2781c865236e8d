ALTER TABLE `billing_subscriptions` ADD `trial_end` integer;--> statement-breakpoint
ALTER TABLE `test_provider_subscriptions` ADD `trial_end` integer;