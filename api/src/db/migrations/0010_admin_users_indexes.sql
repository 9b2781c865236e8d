CREATE INDEX `users_created_idx` ON `users` (`created_at`);--> statement-breakpoint
CREATE INDEX `users_last_login_idx` ON `users` (`last_login_at`);--> statement-breakpoint
CREATE INDEX `users_tier_status_created_idx` ON `users` (`subscription_tier`,`subscription_status`,`created_at`);--> statement-breakpoint
CREATE INDEX `users_status_created_idx` ON `users` (`subscription_status`,`created_at`);--> statement-breakpoint
CREATE INDEX `users_active_created_idx` ON `users` (`is_active`,`created_at`);--> statement-breakpoint
CREATE INDEX `users_verified_created_idx` ON `users` (`email_verified`,`created_at`);