CREATE TABLE `sessions` (
	`sid` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`sess` text DEFAULT '{}' NOT NULL,
	`expire` integer NOT NULL,
	`absolute_expire` integer NOT NULL,
	`ip_address` text,
	`user_agent` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expire_idx` ON `sessions` (`expire`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`first_name` text,
	`last_name` text,
	`phone_number` text,
	`country_code` text,
	`profile_image_url` text,
	`username` text,
	`password_hash` text,
	`email_verified` integer DEFAULT false NOT NULL,
	`email_verification_token` text,
	`verification_code` text,
	`code_expires_at` integer,
	`code_attempts` integer DEFAULT 0 NOT NULL,
	`code_sent_at` integer,
	`auth_provider` text DEFAULT 'local' NOT NULL,
	`stripe_customer_id` text,
	`stripe_subscription_id` text,
	`subscription_tier` text DEFAULT 'trial' NOT NULL,
	`subscription_status` text DEFAULT 'inactive' NOT NULL,
	`books_read_this_month` integer DEFAULT 0 NOT NULL,
	`role` text DEFAULT 'user' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`last_login_at` integer,
	`password_reset_token` text,
	`password_reset_expires` integer,
	`free_trial_used` integer DEFAULT false NOT NULL,
	`free_trial_started_at` integer,
	`free_trial_ended_at` integer,
	`registration_ip` text,
	`device_fingerprint` text,
	`selections_locked_until` integer,
	`subscription_current_period_end` integer,
	`trial_started_at` integer,
	`trial_ends_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (`username`);--> statement-breakpoint
CREATE INDEX `users_role_idx` ON `users` (`role`);--> statement-breakpoint
CREATE INDEX `users_device_fingerprint_idx` ON `users` (`device_fingerprint`);--> statement-breakpoint
CREATE TABLE `book_categories` (
	`book_id` text NOT NULL,
	`category_id` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`book_id`, `category_id`),
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `book_categories_category_idx` ON `book_categories` (`category_id`,`book_id`);--> statement-breakpoint
CREATE TABLE `book_pdf_map` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`pdf_path` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `book_pdf_map_slug_unique` ON `book_pdf_map` (`slug`);--> statement-breakpoint
CREATE TABLE `books` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`author` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`long_description` text,
	`author_bio` text,
	`published_year` integer,
	`page_count` integer,
	`table_of_contents` text DEFAULT '[]' NOT NULL,
	`key_takeaways` text DEFAULT '[]' NOT NULL,
	`target_audience` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`language` text DEFAULT 'en' NOT NULL,
	`cover_image_url` text,
	`pdf_url` text,
	`slug` text NOT NULL,
	`pdf_storage_key` text,
	`pdf_asset_id` text,
	`storage_path` text,
	`sha256` text,
	`file_size` integer,
	`chunk_size` integer DEFAULT 1048576 NOT NULL,
	`chunk_count` integer,
	`encryption_key_id` text,
	`rating` real DEFAULT 0 NOT NULL,
	`total_ratings` integer DEFAULT 0 NOT NULL,
	`total_reviews` integer DEFAULT 0 NOT NULL,
	`is_featured` integer DEFAULT false NOT NULL,
	`required_tier` text DEFAULT 'trial' NOT NULL,
	`preview_page_count` integer DEFAULT 5 NOT NULL,
	`is_published` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `books_slug_unique` ON `books` (`slug`);--> statement-breakpoint
CREATE INDEX `books_author_idx` ON `books` (`author`);--> statement-breakpoint
CREATE INDEX `books_featured_idx` ON `books` (`is_featured`,`rating`);--> statement-breakpoint
CREATE INDEX `books_rating_idx` ON `books` (`rating`,`total_ratings`);--> statement-breakpoint
CREATE INDEX `books_created_idx` ON `books` (`created_at`);--> statement-breakpoint
CREATE INDEX `books_title_idx` ON `books` ("title" collate nocase);--> statement-breakpoint
CREATE INDEX `books_required_tier_idx` ON `books` (`required_tier`);--> statement-breakpoint
CREATE TABLE `categories` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text(100) NOT NULL,
	`description` text,
	`slug` text NOT NULL,
	`icon` text,
	`color` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_name_unique` ON `categories` (`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `categories_slug_unique` ON `categories` (`slug`);--> statement-breakpoint
CREATE TABLE `pdf_assets` (
	`id` text PRIMARY KEY NOT NULL,
	`storage_key` text NOT NULL,
	`sha256` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pdf_assets_storage_key_unique` ON `pdf_assets` (`storage_key`);--> statement-breakpoint
CREATE INDEX `pdf_assets_sha_idx` ON `pdf_assets` (`sha256`);--> statement-breakpoint
CREATE TABLE `subscription_plans` (
	`id` text PRIMARY KEY NOT NULL,
	`tier` text NOT NULL,
	`name` text NOT NULL,
	`price` text NOT NULL,
	`price_amount` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'GBP' NOT NULL,
	`period` text DEFAULT 'per month' NOT NULL,
	`description` text,
	`book_limit` integer DEFAULT 3 NOT NULL,
	`features` text DEFAULT '[]' NOT NULL,
	`badge` text,
	`is_active` integer DEFAULT true NOT NULL,
	`stripe_price_id` text,
	`display_order` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscription_plans_tier_unique` ON `subscription_plans` (`tier`);--> statement-breakpoint
CREATE INDEX `subscription_plans_order_idx` ON `subscription_plans` (`display_order`);--> statement-breakpoint
CREATE TABLE `page_content` (
	`id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`content` text NOT NULL,
	`updated_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `page_content_key_unique` ON `page_content` (`key`);--> statement-breakpoint
CREATE TABLE `seo_configs` (
	`id` text PRIMARY KEY NOT NULL,
	`page_type` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`keywords` text,
	`meta_robots` text DEFAULT 'index, follow' NOT NULL,
	`og_title` text,
	`og_description` text,
	`og_image` text,
	`og_type` text DEFAULT 'website' NOT NULL,
	`twitter_title` text,
	`twitter_description` text,
	`twitter_image` text,
	`twitter_card` text DEFAULT 'summary_large_image' NOT NULL,
	`canonical_url` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `seo_configs_page_type_unique` ON `seo_configs` (`page_type`);--> statement-breakpoint
CREATE TABLE `seo_images` (
	`id` text PRIMARY KEY NOT NULL,
	`page_type` text,
	`image_url` text NOT NULL,
	`alt_text` text NOT NULL,
	`width` integer,
	`height` integer,
	`purpose` text DEFAULT 'og' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `seo_images_page_type_idx` ON `seo_images` (`page_type`);--> statement-breakpoint
CREATE TABLE `seo_keywords` (
	`id` text PRIMARY KEY NOT NULL,
	`keyword` text NOT NULL,
	`page_type` text,
	`search_volume` integer,
	`difficulty` integer,
	`current_rank` integer,
	`target_rank` integer,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `seo_keywords_keyword_page_unique` ON `seo_keywords` (`keyword`,`page_type`);