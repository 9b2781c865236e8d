-- Change stamps for the read caches (api/src/db/schema/cache.ts): every write to a tracked table gives
-- its row a new random generation. A table added here must also be added to TRACKED_TABLES in
-- api/src/db/read-cache.ts (a test compares the two).
CREATE TABLE `cache_generations` (
	`table_name` text PRIMARY KEY NOT NULL,
	`generation` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO `cache_generations` (`table_name`, `generation`) VALUES ('books', random()), ('loans', random()), ('sessions', random()), ('subscription_plans', random()), ('system_config', random()), ('user_selected_books', random()), ('user_subscription_cycles', random()), ('users', random());
--> statement-breakpoint
CREATE TRIGGER `books_cache_generation_insert` AFTER INSERT ON `books`
BEGIN
  UPDATE `cache_generations` SET `generation` = random() WHERE `table_name` = 'books';
END;
--> statement-breakpoint
CREATE TRIGGER `books_cache_generation_update` AFTER UPDATE ON `books`
BEGIN
  UPDATE `cache_generations` SET `generation` = random() WHERE `table_name` = 'books';
END;
--> statement-breakpoint
CREATE TRIGGER `books_cache_generation_delete` AFTER DELETE ON `books`
BEGIN
  UPDATE `cache_generations` SET `generation` = random() WHERE `table_name` = 'books';
END;
--> statement-breakpoint
CREATE TRIGGER `loans_cache_generation_insert` AFTER INSERT ON `loans`
BEGIN
  UPDATE `cache_generations` SET `generation` = random() WHERE `table_name` = 'loans';
END;
--> statement-breakpoint
CREATE TRIGGER `loans_cache_generation_update` AFTER UPDATE ON `loans`
BEGIN
  UPDATE `cache_generations` SET `generation` = random() WHERE `table_name` = 'loans';
END;
--> statement-breakpoint
CREATE TRIGGER `loans_cache_generation_delete` AFTER DELETE ON `loans`
BEGIN
  UPDATE `cache_generations` SET `generation` = random() WHERE `table_name` = 'loans';
END;
--> statement-breakpoint
CREATE TRIGGER `sessions_cache_generation_insert` AFTER INSERT ON `sessions`
BEGIN
  UPDATE `cache_generations` SET `generation` = random() WHERE `table_name` = 'sessions';
END;
--> statement-breakpoint
CREATE TRIGGER `sessions_cache_generation_update` AFTER UPDATE ON `sessions`
BEGIN
  UPDATE `cache_generations` SET `generation` = random() WHERE `table_name` = 'sessions';
END;
--> statement-breakpoint
CREATE TRIGGER `sessions_cache_generation_delete` AFTER DELETE ON `sessions`
BEGIN
  UPDATE `cache_generations` SET `generation` = random() WHERE `table_name` = 'sessions';
END;
--> statement-breakpoint
CREATE TRIGGER `subscription_plans_cache_generation_insert` AFTER INSERT ON `subscription_plans`
BEGIN
  UPDATE `cache_generations` SET `generation` = random() WHERE `table_name` = 'subscription_plans';
END;
--> statement-breakpoint
CREATE TRIGGER `subscription_plans_cache_generation_update` AFTER UPDATE ON `subscription_plans`
BEGIN
  UPDATE `cache_generations` SET `generation` = random() WHERE `table_name` = 'subscription_plans';
END;
--> statement-breakpoint
CREATE TRIGGER `subscription_plans_cache_generation_delete` AFTER DELETE ON `subscription_plans`
BEGIN
  UPDATE `cache_generations` SET `generation` = random() WHERE `table_name` = 'subscription_plans';
END;
--> statement-breakpoint
CREATE TRIGGER `system_config_cache_generation_insert` AFTER INSERT ON `system_config`
BEGIN
  UPDATE `cache_generations` SET `generation` = random() WHERE `table_name` = 'system_config';
END;
--> statement-breakpoint
CREATE TRIGGER `system_config_cache_generation_update` AFTER UPDATE ON `system_config`
BEGIN
  UPDATE `cache_generations` SET `generation` = random() WHERE `table_name` = 'system_config';
END;
--> statement-breakpoint
CREATE TRIGGER `system_config_cache_generation_delete` AFTER DELETE ON `system_config`
BEGIN
  UPDATE `cache_generations` SET `generation` = random() WHERE `table_name` = 'system_config';
END;
--> statement-breakpoint
CREATE TRIGGER `user_selected_books_cache_generation_insert` AFTER INSERT ON `user_selected_books`
BEGIN
  UPDATE `cache_generations` SET `generation` = random() WHERE `table_name` = 'user_selected_books';
END;
--> statement-breakpoint
CREATE TRIGGER `user_selected_books_cache_generation_update` AFTER UPDATE ON `user_selected_books`
BEGIN
  UPDATE `cache_generations` SET `generation` = random() WHERE `table_name` = 'user_selected_books';
END;
--> statement-breakpoint
CREATE TRIGGER `user_selected_books_cache_generation_delete` AFTER DELETE ON `user_selected_books`
BEGIN
  UPDATE `cache_generations` SET `generation` = random() WHERE `table_name` = 'user_selected_books';
END;
--> statement-breakpoint
CREATE TRIGGER `user_subscription_cycles_cache_generation_insert` AFTER INSERT ON `user_subscription_cycles`
BEGIN
  UPDATE `cache_generations` SET `generation` = random() WHERE `table_name` = 'user_subscription_cycles';
END;
--> statement-breakpoint
CREATE TRIGGER `user_subscription_cycles_cache_generation_update` AFTER UPDATE ON `user_subscription_cycles`
BEGIN
  UPDATE `cache_generations` SET `generation` = random() WHERE `table_name` = 'user_subscription_cycles';
END;
--> statement-breakpoint
CREATE TRIGGER `user_subscription_cycles_cache_generation_delete` AFTER DELETE ON `user_subscription_cycles`
BEGIN
  UPDATE `cache_generations` SET `generation` = random() WHERE `table_name` = 'user_subscription_cycles';
END;
--> statement-breakpoint
CREATE TRIGGER `users_cache_generation_insert` AFTER INSERT ON `users`
BEGIN
  UPDATE `cache_generations` SET `generation` = random() WHERE `table_name` = 'users';
END;
--> statement-breakpoint
CREATE TRIGGER `users_cache_generation_update` AFTER UPDATE ON `users`
BEGIN
  UPDATE `cache_generations` SET `generation` = random() WHERE `table_name` = 'users';
END;
--> statement-breakpoint
CREATE TRIGGER `users_cache_generation_delete` AFTER DELETE ON `users`
BEGIN
  UPDATE `cache_generations` SET `generation` = random() WHERE `table_name` = 'users';
END;
