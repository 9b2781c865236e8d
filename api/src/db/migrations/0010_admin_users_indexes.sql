CREATE INDEX `users_created_idx` ON `users` (`created_at`);--> statement-breakpoint
CREATE INDEX `users_last_login_idx` ON `users` (`last_login_at`);--> statement-breakpoint
CREATE INDEX `users_tier_created_idx` ON `users` (`subscription_tier`,`created_at`);--> statement-breakpoint
CREATE INDEX `users_status_created_idx` ON `users` (`subscription_status`,`created_at`);