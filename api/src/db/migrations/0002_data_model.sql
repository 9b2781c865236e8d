CREATE TABLE `user_selected_books` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`book_id` text NOT NULL,
	`subscription_tier` text NOT NULL,
	`selected_at` integer NOT NULL,
	`locked_until` integer,
	`billing_cycle_start` integer,
	`cycle_id` text,
	`is_active` integer DEFAULT true NOT NULL,
	`deselected_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`cycle_id`) REFERENCES `user_subscription_cycles`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "user_selected_books_tier_check" CHECK("user_selected_books"."subscription_tier" in ('trial', 'basic', 'premium'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_selected_books_active_unique` ON `user_selected_books` (`user_id`,`book_id`) WHERE is_active = 1;--> statement-breakpoint
CREATE INDEX `user_selected_books_user_idx` ON `user_selected_books` (`user_id`,`is_active`,`selected_at`);--> statement-breakpoint
CREATE INDEX `user_selected_books_book_idx` ON `user_selected_books` (`book_id`);--> statement-breakpoint
CREATE INDEX `user_selected_books_cycle_idx` ON `user_selected_books` (`cycle_id`);--> statement-breakpoint
CREATE TABLE `checkout_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`tier` text NOT NULL,
	`provider` text NOT NULL,
	`provider_session_id` text,
	`status` text DEFAULT 'open' NOT NULL,
	`amount` integer NOT NULL,
	`currency` text DEFAULT 'GBP' NOT NULL,
	`url` text,
	`expires_at` integer NOT NULL,
	`completed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "checkout_sessions_tier_check" CHECK("checkout_sessions"."tier" in ('basic', 'premium')),
	CONSTRAINT "checkout_sessions_provider_check" CHECK("checkout_sessions"."provider" in ('test', 'stripe')),
	CONSTRAINT "checkout_sessions_status_check" CHECK("checkout_sessions"."status" in ('open', 'completed', 'expired', 'cancelled')),
	CONSTRAINT "checkout_sessions_amount_check" CHECK("checkout_sessions"."amount" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `checkout_sessions_provider_unique` ON `checkout_sessions` (`provider`,`provider_session_id`);--> statement-breakpoint
CREATE INDEX `checkout_sessions_user_idx` ON `checkout_sessions` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `checkout_sessions_status_idx` ON `checkout_sessions` (`status`,`expires_at`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`number` text NOT NULL,
	`provider` text NOT NULL,
	`provider_invoice_id` text,
	`tier` text NOT NULL,
	`description` text NOT NULL,
	`amount_due` integer NOT NULL,
	`amount_paid` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'GBP' NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`period_start` integer NOT NULL,
	`period_end` integer NOT NULL,
	`customer_name` text,
	`customer_email` text NOT NULL,
	`issued_at` integer NOT NULL,
	`paid_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "invoices_provider_check" CHECK("invoices"."provider" in ('test', 'stripe')),
	CONSTRAINT "invoices_tier_check" CHECK("invoices"."tier" in ('basic', 'premium')),
	CONSTRAINT "invoices_status_check" CHECK("invoices"."status" in ('draft', 'open', 'paid', 'void', 'uncollectible')),
	CONSTRAINT "invoices_amount_check" CHECK("invoices"."amount_due" >= 0 and "invoices"."amount_paid" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_unique` ON `invoices` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_provider_unique` ON `invoices` (`provider`,`provider_invoice_id`);--> statement-breakpoint
CREATE INDEX `invoices_user_idx` ON `invoices` (`user_id`,`issued_at`);--> statement-breakpoint
CREATE INDEX `invoices_status_idx` ON `invoices` (`status`,`issued_at`);--> statement-breakpoint
CREATE INDEX `invoices_issued_idx` ON `invoices` (`issued_at`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`invoice_id` text,
	`provider` text NOT NULL,
	`provider_payment_id` text,
	`tier` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text DEFAULT 'GBP' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`description` text,
	`failure_reason` text,
	`paid_at` integer,
	`refunded_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "payments_provider_check" CHECK("payments"."provider" in ('test', 'stripe')),
	CONSTRAINT "payments_tier_check" CHECK("payments"."tier" in ('basic', 'premium')),
	CONSTRAINT "payments_status_check" CHECK("payments"."status" in ('pending', 'succeeded', 'failed', 'refunded')),
	CONSTRAINT "payments_amount_check" CHECK("payments"."amount" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_unique` ON `payments` (`provider`,`provider_payment_id`);--> statement-breakpoint
CREATE INDEX `payments_user_idx` ON `payments` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payments_invoice_idx` ON `payments` (`invoice_id`);--> statement-breakpoint
CREATE INDEX `payments_status_idx` ON `payments` (`status`,`paid_at`);--> statement-breakpoint
CREATE TABLE `user_subscription_cycles` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`tier` text NOT NULL,
	`cycle_start` integer NOT NULL,
	`cycle_end` integer NOT NULL,
	`books_selected_count` integer DEFAULT 0 NOT NULL,
	`max_books` integer NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "user_subscription_cycles_tier_check" CHECK("user_subscription_cycles"."tier" in ('trial', 'basic', 'premium')),
	CONSTRAINT "user_subscription_cycles_count_check" CHECK("user_subscription_cycles"."books_selected_count" >= 0),
	CONSTRAINT "user_subscription_cycles_max_check" CHECK("user_subscription_cycles"."max_books" >= -1),
	CONSTRAINT "user_subscription_cycles_range_check" CHECK("user_subscription_cycles"."cycle_end" > "user_subscription_cycles"."cycle_start")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_subscription_cycles_active_unique` ON `user_subscription_cycles` (`user_id`) WHERE is_active = 1;--> statement-breakpoint
CREATE INDEX `user_subscription_cycles_user_idx` ON `user_subscription_cycles` (`user_id`,`cycle_start`);--> statement-breakpoint
CREATE INDEX `user_subscription_cycles_end_idx` ON `user_subscription_cycles` (`is_active`,`cycle_end`);--> statement-breakpoint
CREATE TABLE `webhook_events` (
	`id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`event_id` text NOT NULL,
	`type` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'received' NOT NULL,
	`error` text,
	`received_at` integer NOT NULL,
	`processed_at` integer,
	CONSTRAINT "webhook_events_provider_check" CHECK("webhook_events"."provider" in ('test', 'stripe')),
	CONSTRAINT "webhook_events_status_check" CHECK("webhook_events"."status" in ('received', 'processed', 'failed', 'ignored'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_events_provider_event_unique` ON `webhook_events` (`provider`,`event_id`);--> statement-breakpoint
CREATE INDEX `webhook_events_status_idx` ON `webhook_events` (`status`,`received_at`);--> statement-breakpoint
CREATE TABLE `bookmarks` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`book_id` text NOT NULL,
	`page` integer NOT NULL,
	`note` text,
	`hlc` text,
	`deleted_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "bookmarks_page_check" CHECK("bookmarks"."page" >= 1)
);
--> statement-breakpoint
CREATE INDEX `bookmarks_user_book_idx` ON `bookmarks` (`user_id`,`book_id`,`page`);--> statement-breakpoint
CREATE INDEX `bookmarks_book_idx` ON `bookmarks` (`book_id`);--> statement-breakpoint
CREATE TABLE `reading_progress` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`book_id` text NOT NULL,
	`current_page` integer DEFAULT 1 NOT NULL,
	`total_pages` integer,
	`progress_percentage` real DEFAULT 0 NOT NULL,
	`furthest_page` integer DEFAULT 1 NOT NULL,
	`last_read_at` integer,
	`hlc` text,
	`device_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "reading_progress_pages_check" CHECK("reading_progress"."current_page" >= 0 and "reading_progress"."furthest_page" >= 0),
	CONSTRAINT "reading_progress_percentage_check" CHECK("reading_progress"."progress_percentage" between 0 and 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reading_progress_user_book_unique` ON `reading_progress` (`user_id`,`book_id`);--> statement-breakpoint
CREATE INDEX `reading_progress_user_recent_idx` ON `reading_progress` (`user_id`,`last_read_at`);--> statement-breakpoint
CREATE INDEX `reading_progress_book_idx` ON `reading_progress` (`book_id`);--> statement-breakpoint
CREATE TABLE `user_copy_device_counters` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`book_id` text NOT NULL,
	`device_id` text NOT NULL,
	`characters_copied` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "user_copy_device_counters_chars_check" CHECK("user_copy_device_counters"."characters_copied" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_copy_device_counters_unique` ON `user_copy_device_counters` (`user_id`,`book_id`,`device_id`);--> statement-breakpoint
CREATE TABLE `user_copy_tracking` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`book_id` text NOT NULL,
	`total_characters_copied` integer DEFAULT 0 NOT NULL,
	`total_book_characters` integer DEFAULT 0 NOT NULL,
	`copy_percentage` real DEFAULT 0 NOT NULL,
	`max_copy_percentage` real DEFAULT 40 NOT NULL,
	`last_copy_at` integer,
	`is_limit_reached` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "user_copy_tracking_chars_check" CHECK("user_copy_tracking"."total_characters_copied" >= 0 and "user_copy_tracking"."total_book_characters" >= 0),
	CONSTRAINT "user_copy_tracking_max_check" CHECK("user_copy_tracking"."max_copy_percentage" between 0 and 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_copy_tracking_user_book_unique` ON `user_copy_tracking` (`user_id`,`book_id`);--> statement-breakpoint
CREATE INDEX `user_copy_tracking_book_idx` ON `user_copy_tracking` (`book_id`);--> statement-breakpoint
CREATE TABLE `user_library` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`book_id` text NOT NULL,
	`added_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_library_user_book_unique` ON `user_library` (`user_id`,`book_id`);--> statement-breakpoint
CREATE INDEX `user_library_user_added_idx` ON `user_library` (`user_id`,`added_at`);--> statement-breakpoint
CREATE INDEX `user_library_book_idx` ON `user_library` (`book_id`);--> statement-breakpoint
CREATE TABLE `sync_mutations` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`device_id` text NOT NULL,
	`mutation_id` text NOT NULL,
	`type` text NOT NULL,
	`hlc` text NOT NULL,
	`status` text NOT NULL,
	`reason` text,
	`applied_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "sync_mutations_status_check" CHECK("sync_mutations"."status" in ('applied', 'rejected'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sync_mutations_device_mutation_unique` ON `sync_mutations` (`user_id`,`device_id`,`mutation_id`);--> statement-breakpoint
CREATE INDEX `sync_mutations_applied_idx` ON `sync_mutations` (`applied_at`);--> statement-breakpoint
CREATE TABLE `analytics_user_library` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`book_id` text NOT NULL,
	`added_at` integer,
	`removed_at` integer,
	`open_count` integer DEFAULT 0 NOT NULL,
	`session_count` integer DEFAULT 0 NOT NULL,
	`total_time_ms` integer DEFAULT 0 NOT NULL,
	`last_opened_at` integer,
	`completed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `analytics_user_library_user_book_unique` ON `analytics_user_library` (`user_id`,`book_id`);--> statement-breakpoint
CREATE INDEX `analytics_user_library_book_idx` ON `analytics_user_library` (`book_id`);--> statement-breakpoint
CREATE TABLE `book_progress_snapshot` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`book_id` text NOT NULL,
	`last_page` integer DEFAULT 0 NOT NULL,
	`progress_pct` real DEFAULT 0 NOT NULL,
	`last_read_at` integer,
	`completed_at` integer,
	`time_spent_ms` integer DEFAULT 0 NOT NULL,
	`tts_time_ms` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "book_progress_snapshot_pct_check" CHECK("book_progress_snapshot"."progress_pct" between 0 and 100),
	CONSTRAINT "book_progress_snapshot_time_check" CHECK("book_progress_snapshot"."time_spent_ms" >= 0 and "book_progress_snapshot"."tts_time_ms" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `book_progress_snapshot_user_book_unique` ON `book_progress_snapshot` (`user_id`,`book_id`);--> statement-breakpoint
CREATE INDEX `book_progress_snapshot_user_recent_idx` ON `book_progress_snapshot` (`user_id`,`last_read_at`);--> statement-breakpoint
CREATE INDEX `book_progress_snapshot_book_idx` ON `book_progress_snapshot` (`book_id`,`completed_at`);--> statement-breakpoint
CREATE TABLE `reading_events` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`user_id` text NOT NULL,
	`book_id` text NOT NULL,
	`event_type` text NOT NULL,
	`page_number` integer,
	`progress_pct` real,
	`duration_ms` integer,
	`meta` text,
	`occurred_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `reading_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "reading_events_type_check" CHECK("reading_events"."event_type" in ('open_book', 'page_view', 'progress_update', 'finish_book', 'tts_play', 'tts_pause', 'tts_stop', 'add_to_library', 'remove_from_library')),
	CONSTRAINT "reading_events_progress_check" CHECK("reading_events"."progress_pct" is null or "reading_events"."progress_pct" between 0 and 100),
	CONSTRAINT "reading_events_duration_check" CHECK("reading_events"."duration_ms" is null or "reading_events"."duration_ms" >= 0)
);
--> statement-breakpoint
CREATE INDEX `reading_events_session_idx` ON `reading_events` (`session_id`,`occurred_at`);--> statement-breakpoint
CREATE INDEX `reading_events_user_occurred_idx` ON `reading_events` (`user_id`,`occurred_at`);--> statement-breakpoint
CREATE INDEX `reading_events_book_type_idx` ON `reading_events` (`book_id`,`event_type`);--> statement-breakpoint
CREATE INDEX `reading_events_type_occurred_idx` ON `reading_events` (`event_type`,`occurred_at`);--> statement-breakpoint
CREATE TABLE `reading_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`book_id` text NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	`country` text(2),
	`device` text,
	`app_version` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "reading_sessions_country_check" CHECK("reading_sessions"."country" is null or length("reading_sessions"."country") = 2),
	CONSTRAINT "reading_sessions_range_check" CHECK("reading_sessions"."ended_at" is null or "reading_sessions"."ended_at" >= "reading_sessions"."started_at")
);
--> statement-breakpoint
CREATE INDEX `reading_sessions_user_started_idx` ON `reading_sessions` (`user_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `reading_sessions_book_started_idx` ON `reading_sessions` (`book_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `reading_sessions_started_idx` ON `reading_sessions` (`started_at`);--> statement-breakpoint
CREATE TABLE `book_reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`book_id` text NOT NULL,
	`rating` integer NOT NULL,
	`review_title` text(200),
	`review_text` text,
	`is_verified_purchase` integer DEFAULT false NOT NULL,
	`helpful_votes` integer DEFAULT 0 NOT NULL,
	`is_approved` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "book_reviews_rating_check" CHECK("book_reviews"."rating" between 1 and 5),
	CONSTRAINT "book_reviews_title_check" CHECK("book_reviews"."review_title" is null or length("book_reviews"."review_title") <= 200),
	CONSTRAINT "book_reviews_votes_check" CHECK("book_reviews"."helpful_votes" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `book_reviews_user_book_unique` ON `book_reviews` (`user_id`,`book_id`);--> statement-breakpoint
CREATE INDEX `book_reviews_book_idx` ON `book_reviews` (`book_id`,`is_approved`,`created_at`);--> statement-breakpoint
CREATE INDEX `book_reviews_user_idx` ON `book_reviews` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `review_helpful_votes` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`review_id` text NOT NULL,
	`is_helpful` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`review_id`) REFERENCES `book_reviews`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_helpful_votes_user_review_unique` ON `review_helpful_votes` (`user_id`,`review_id`);--> statement-breakpoint
CREATE INDEX `review_helpful_votes_review_idx` ON `review_helpful_votes` (`review_id`);--> statement-breakpoint
CREATE TABLE `email_logs` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`email` text NOT NULL,
	`email_type` text NOT NULL,
	`subject` text NOT NULL,
	`body_text` text NOT NULL,
	`body_html` text,
	`status` text DEFAULT 'queued' NOT NULL,
	`transport` text DEFAULT 'outbox' NOT NULL,
	`provider_message_id` text,
	`error_message` text,
	`sent_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "email_logs_status_check" CHECK("email_logs"."status" in ('queued', 'sent', 'failed', 'suppressed')),
	CONSTRAINT "email_logs_transport_check" CHECK("email_logs"."transport" in ('outbox', 'smtp'))
);
--> statement-breakpoint
CREATE INDEX `email_logs_user_idx` ON `email_logs` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `email_logs_email_idx` ON `email_logs` (`email`,`created_at`);--> statement-breakpoint
CREATE INDEX `email_logs_status_idx` ON `email_logs` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `email_logs_type_idx` ON `email_logs` (`email_type`,`created_at`);--> statement-breakpoint
CREATE INDEX `email_logs_created_idx` ON `email_logs` (`created_at`);--> statement-breakpoint
CREATE TABLE `email_preferences` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`email` text NOT NULL,
	`unsubscribe_token` text NOT NULL,
	`marketing_emails` integer DEFAULT false NOT NULL,
	`trial_reminders` integer DEFAULT true NOT NULL,
	`subscription_updates` integer DEFAULT true NOT NULL,
	`is_unsubscribed_all` integer DEFAULT false NOT NULL,
	`unsubscribed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_preferences_user_unique` ON `email_preferences` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `email_preferences_unsubscribe_token_unique` ON `email_preferences` (`unsubscribe_token`);--> statement-breakpoint
CREATE INDEX `email_preferences_email_idx` ON `email_preferences` (`email`);--> statement-breakpoint
CREATE TABLE `book_recommendations` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`book_id` text NOT NULL,
	`recommendation_type` text NOT NULL,
	`score` real DEFAULT 0 NOT NULL,
	`reason` text,
	`email_sent` integer DEFAULT false NOT NULL,
	`clicked` integer DEFAULT false NOT NULL,
	`borrowed` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `book_recommendations_user_book_type_unique` ON `book_recommendations` (`user_id`,`book_id`,`recommendation_type`);--> statement-breakpoint
CREATE INDEX `book_recommendations_user_score_idx` ON `book_recommendations` (`user_id`,`score`);--> statement-breakpoint
CREATE INDEX `book_recommendations_book_idx` ON `book_recommendations` (`book_id`);--> statement-breakpoint
CREATE TABLE `user_reading_preferences` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`favorite_genres` text DEFAULT '[]' NOT NULL,
	`preferred_authors` text DEFAULT '[]' NOT NULL,
	`reading_goals_per_month` integer DEFAULT 2 NOT NULL,
	`preferred_book_length` text DEFAULT 'medium' NOT NULL,
	`total_books_completed` integer DEFAULT 0 NOT NULL,
	`average_rating` real DEFAULT 0 NOT NULL,
	`email_preferences` text DEFAULT '{"weeklyRecommendations":true,"newBookAlerts":true,"personalizedDeals":true,"readingReminders":true}' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "user_reading_preferences_length_check" CHECK("user_reading_preferences"."preferred_book_length" in ('short', 'medium', 'long')),
	CONSTRAINT "user_reading_preferences_goal_check" CHECK("user_reading_preferences"."reading_goals_per_month" >= 0),
	CONSTRAINT "user_reading_preferences_rating_check" CHECK("user_reading_preferences"."average_rating" between 0 and 5)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_reading_preferences_user_unique` ON `user_reading_preferences` (`user_id`);--> statement-breakpoint
CREATE TABLE `chat_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`thread_id` text NOT NULL,
	`user_id` text NOT NULL,
	`book_id` text,
	`role` text NOT NULL,
	`content` text NOT NULL,
	`citations` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`thread_id`) REFERENCES `chat_threads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "chat_messages_role_check" CHECK("chat_messages"."role" in ('user', 'assistant', 'system'))
);
--> statement-breakpoint
CREATE INDEX `chat_messages_thread_idx` ON `chat_messages` (`thread_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `chat_messages_user_idx` ON `chat_messages` (`user_id`);--> statement-breakpoint
CREATE TABLE `chat_threads` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`book_id` text,
	`title` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `chat_threads_user_idx` ON `chat_threads` (`user_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `chat_threads_book_idx` ON `chat_threads` (`book_id`);--> statement-breakpoint
CREATE TABLE `feedback` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`type` text NOT NULL,
	`category` text,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`priority` text DEFAULT 'medium' NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`url` text,
	`user_agent` text,
	`screenshot` text,
	`device_info` text,
	`admin_response` text,
	`admin_response_by` text,
	`admin_response_at` integer,
	`is_public` integer DEFAULT false NOT NULL,
	`upvotes` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`admin_response_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "feedback_type_check" CHECK("feedback"."type" in ('bug', 'feedback', 'suggestion', 'compliment')),
	CONSTRAINT "feedback_priority_check" CHECK("feedback"."priority" in ('low', 'medium', 'high', 'critical')),
	CONSTRAINT "feedback_status_check" CHECK("feedback"."status" in ('open', 'in_progress', 'resolved', 'closed')),
	CONSTRAINT "feedback_title_check" CHECK(length("feedback"."title") >= 5),
	CONSTRAINT "feedback_description_check" CHECK(length("feedback"."description") >= 10),
	CONSTRAINT "feedback_upvotes_check" CHECK("feedback"."upvotes" >= 0)
);
--> statement-breakpoint
CREATE INDEX `feedback_status_idx` ON `feedback` (`status`,`priority`,`created_at`);--> statement-breakpoint
CREATE INDEX `feedback_user_idx` ON `feedback` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `feedback_public_idx` ON `feedback` (`is_public`,`upvotes`);--> statement-breakpoint
CREATE TABLE `feedback_comments` (
	`id` text PRIMARY KEY NOT NULL,
	`feedback_id` text NOT NULL,
	`user_id` text NOT NULL,
	`comment` text NOT NULL,
	`is_internal` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`feedback_id`) REFERENCES `feedback`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "feedback_comments_comment_check" CHECK(length(trim("feedback_comments"."comment")) >= 1)
);
--> statement-breakpoint
CREATE INDEX `feedback_comments_feedback_idx` ON `feedback_comments` (`feedback_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `feedback_votes` (
	`id` text PRIMARY KEY NOT NULL,
	`feedback_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`feedback_id`) REFERENCES `feedback`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `feedback_votes_feedback_user_unique` ON `feedback_votes` (`feedback_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `book_chunks` (
	`id` text PRIMARY KEY NOT NULL,
	`book_id` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`chunk_index` integer NOT NULL,
	`encrypted_data` blob,
	`storage_key` text,
	`iv` text NOT NULL,
	`size` integer NOT NULL,
	`sha256` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "book_chunks_index_check" CHECK("book_chunks"."chunk_index" >= 0),
	CONSTRAINT "book_chunks_location_check" CHECK("book_chunks"."encrypted_data" is not null or "book_chunks"."storage_key" is not null)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `book_chunks_book_version_index_unique` ON `book_chunks` (`book_id`,`version`,`chunk_index`);--> statement-breakpoint
CREATE TABLE `book_content_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`book_id` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`wrapped_key` text NOT NULL,
	`wrap_iv` text NOT NULL,
	`encryption_key_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `book_content_keys_book_version_unique` ON `book_content_keys` (`book_id`,`version`);--> statement-breakpoint
CREATE INDEX `book_content_keys_kek_idx` ON `book_content_keys` (`encryption_key_id`);--> statement-breakpoint
CREATE TABLE `device_challenges` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`challenge` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `device_challenges_challenge_unique` ON `device_challenges` (`challenge`);--> statement-breakpoint
CREATE INDEX `device_challenges_user_idx` ON `device_challenges` (`user_id`,`expires_at`);--> statement-breakpoint
CREATE TABLE `devices` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`public_key` text NOT NULL,
	`key_thumbprint` text NOT NULL,
	`device_fingerprint` text,
	`user_agent` text,
	`last_active_at` integer,
	`is_active` integer DEFAULT true NOT NULL,
	`deactivated_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `devices_user_key_unique` ON `devices` (`user_id`,`key_thumbprint`);--> statement-breakpoint
CREATE INDEX `devices_user_active_idx` ON `devices` (`user_id`,`is_active`);--> statement-breakpoint
CREATE INDEX `devices_last_active_idx` ON `devices` (`is_active`,`last_active_at`);--> statement-breakpoint
CREATE TABLE `licenses` (
	`id` text PRIMARY KEY NOT NULL,
	`loan_id` text NOT NULL,
	`device_id` text NOT NULL,
	`user_id` text NOT NULL,
	`book_id` text NOT NULL,
	`kind` text DEFAULT 'offline' NOT NULL,
	`book_version` integer DEFAULT 1 NOT NULL,
	`key_wrapped` text NOT NULL,
	`offline_expires_at` integer NOT NULL,
	`policy` text NOT NULL,
	`signature` text NOT NULL,
	`server_time` integer NOT NULL,
	`revoked` integer DEFAULT false NOT NULL,
	`revoked_at` integer,
	`last_renewed_at` integer,
	`renewal_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`loan_id`) REFERENCES `loans`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`device_id`) REFERENCES `devices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "licenses_kind_check" CHECK("licenses"."kind" in ('online', 'offline')),
	CONSTRAINT "licenses_renewal_check" CHECK("licenses"."renewal_count" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `licenses_loan_device_unique` ON `licenses` (`loan_id`,`device_id`);--> statement-breakpoint
CREATE INDEX `licenses_user_idx` ON `licenses` (`user_id`,`revoked`);--> statement-breakpoint
CREATE INDEX `licenses_device_idx` ON `licenses` (`device_id`);--> statement-breakpoint
CREATE INDEX `licenses_book_idx` ON `licenses` (`book_id`);--> statement-breakpoint
CREATE INDEX `licenses_expiry_idx` ON `licenses` (`revoked`,`offline_expires_at`);--> statement-breakpoint
CREATE TABLE `loans` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`book_id` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`loan_type` text DEFAULT 'subscription' NOT NULL,
	`started_at` integer NOT NULL,
	`expires_at` integer,
	`returned_at` integer,
	`revoked_at` integer,
	`revoked_by` text,
	`revoke_reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`revoked_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "loans_status_check" CHECK("loans"."status" in ('active', 'returned', 'revoked')),
	CONSTRAINT "loans_type_check" CHECK("loans"."loan_type" in ('subscription', 'trial'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `loans_active_user_book_unique` ON `loans` (`user_id`,`book_id`) WHERE status = 'active';--> statement-breakpoint
CREATE INDEX `loans_user_status_idx` ON `loans` (`user_id`,`status`,`started_at`);--> statement-breakpoint
CREATE INDEX `loans_book_idx` ON `loans` (`book_id`,`status`);--> statement-breakpoint
CREATE TABLE `offline_licenses` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`device_id` text NOT NULL,
	`book_id` text NOT NULL,
	`key_b64` text NOT NULL,
	`algorithm` text DEFAULT 'A256GCM' NOT NULL,
	`expires_at` integer NOT NULL,
	`last_accessed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`device_id`) REFERENCES `devices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "offline_licenses_algorithm_check" CHECK("offline_licenses"."algorithm" = 'A256GCM')
);
--> statement-breakpoint
CREATE UNIQUE INDEX `offline_licenses_user_device_book_unique` ON `offline_licenses` (`user_id`,`device_id`,`book_id`);--> statement-breakpoint
CREATE INDEX `offline_licenses_device_idx` ON `offline_licenses` (`device_id`);--> statement-breakpoint
CREATE INDEX `offline_licenses_book_idx` ON `offline_licenses` (`book_id`);--> statement-breakpoint
CREATE INDEX `offline_licenses_expires_idx` ON `offline_licenses` (`expires_at`);--> statement-breakpoint
CREATE TABLE `book_pages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`book_id` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`page_number` integer NOT NULL,
	`text` text NOT NULL,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "book_pages_page_check" CHECK("book_pages"."page_number" >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `book_pages_book_version_page_unique` ON `book_pages` (`book_id`,`version`,`page_number`);--> statement-breakpoint
CREATE TABLE `scheduled_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`next_run_at` integer NOT NULL,
	`last_run_at` integer,
	`last_finished_at` integer,
	`last_status` text DEFAULT 'idle' NOT NULL,
	`last_error` text,
	`locked_until` integer,
	`locked_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "scheduled_jobs_status_check" CHECK("scheduled_jobs"."last_status" in ('idle', 'running', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `scheduled_jobs_name_unique` ON `scheduled_jobs` (`name`);--> statement-breakpoint
CREATE INDEX `scheduled_jobs_due_idx` ON `scheduled_jobs` (`next_run_at`);--> statement-breakpoint
CREATE TABLE `system_config` (
	`id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`value` text NOT NULL,
	`description` text,
	`data_type` text DEFAULT 'string' NOT NULL,
	`is_editable` integer DEFAULT true NOT NULL,
	`category` text DEFAULT 'general' NOT NULL,
	`updated_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "system_config_data_type_check" CHECK("system_config"."data_type" in ('string', 'number', 'boolean', 'json'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `system_config_key_unique` ON `system_config` (`key`);--> statement-breakpoint
CREATE INDEX `system_config_category_idx` ON `system_config` (`category`);--> statement-breakpoint
CREATE TABLE `challenge_activities` (
	`id` text PRIMARY KEY NOT NULL,
	`challenge_id` text NOT NULL,
	`user_id` text NOT NULL,
	`activity_type` text NOT NULL,
	`message` text,
	`progress_value` integer,
	`metadata` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`challenge_id`) REFERENCES `reading_challenges`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `challenge_activities_challenge_idx` ON `challenge_activities` (`challenge_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `challenge_activities_user_idx` ON `challenge_activities` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `challenge_comments` (
	`id` text PRIMARY KEY NOT NULL,
	`challenge_id` text NOT NULL,
	`user_id` text NOT NULL,
	`content` text NOT NULL,
	`parent_id` text,
	`likes` integer DEFAULT 0 NOT NULL,
	`is_edited` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`challenge_id`) REFERENCES `reading_challenges`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `challenge_comments`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "challenge_comments_content_check" CHECK(length(trim("challenge_comments"."content")) between 1 and 1000),
	CONSTRAINT "challenge_comments_likes_check" CHECK("challenge_comments"."likes" >= 0)
);
--> statement-breakpoint
CREATE INDEX `challenge_comments_challenge_idx` ON `challenge_comments` (`challenge_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `challenge_comments_parent_idx` ON `challenge_comments` (`parent_id`);--> statement-breakpoint
CREATE INDEX `challenge_comments_user_idx` ON `challenge_comments` (`user_id`);--> statement-breakpoint
CREATE TABLE `challenge_participants` (
	`id` text PRIMARY KEY NOT NULL,
	`challenge_id` text NOT NULL,
	`user_id` text NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`is_completed` integer DEFAULT false NOT NULL,
	`completed_at` integer,
	`rank` integer,
	`notes` text,
	`joined_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`challenge_id`) REFERENCES `reading_challenges`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "challenge_participants_progress_check" CHECK("challenge_participants"."progress" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `challenge_participants_challenge_user_unique` ON `challenge_participants` (`challenge_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `challenge_participants_leaderboard_idx` ON `challenge_participants` (`challenge_id`,`progress`);--> statement-breakpoint
CREATE INDEX `challenge_participants_user_idx` ON `challenge_participants` (`user_id`);--> statement-breakpoint
CREATE TABLE `reading_challenges` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`type` text NOT NULL,
	`target_value` integer NOT NULL,
	`duration` text NOT NULL,
	`start_date` integer NOT NULL,
	`end_date` integer NOT NULL,
	`is_public` integer DEFAULT true NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_by_id` text,
	`max_participants` integer,
	`rules` text DEFAULT '[]' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`difficulty` text DEFAULT 'medium' NOT NULL,
	`prize` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`created_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "reading_challenges_type_check" CHECK("reading_challenges"."type" in ('books_count', 'pages_count', 'time_duration')),
	CONSTRAINT "reading_challenges_duration_check" CHECK("reading_challenges"."duration" in ('weekly', 'monthly', 'custom')),
	CONSTRAINT "reading_challenges_difficulty_check" CHECK("reading_challenges"."difficulty" in ('easy', 'medium', 'hard')),
	CONSTRAINT "reading_challenges_target_check" CHECK("reading_challenges"."target_value" >= 1),
	CONSTRAINT "reading_challenges_max_check" CHECK("reading_challenges"."max_participants" is null or "reading_challenges"."max_participants" > 0),
	CONSTRAINT "reading_challenges_dates_check" CHECK("reading_challenges"."end_date" >= "reading_challenges"."start_date")
);
--> statement-breakpoint
CREATE INDEX `reading_challenges_listing_idx` ON `reading_challenges` (`is_active`,`is_public`,`start_date`);--> statement-breakpoint
CREATE INDEX `reading_challenges_end_idx` ON `reading_challenges` (`end_date`);--> statement-breakpoint
CREATE INDEX `reading_challenges_creator_idx` ON `reading_challenges` (`created_by_id`);--> statement-breakpoint
CREATE TABLE `audit_logs` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`action` text NOT NULL,
	`resource` text,
	`resource_id` text,
	`details` text,
	`ip_address` text,
	`user_agent` text,
	`severity` text DEFAULT 'info' NOT NULL,
	`status` text DEFAULT 'success' NOT NULL,
	`session_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "audit_logs_severity_check" CHECK("audit_logs"."severity" in ('info', 'warning', 'error', 'critical')),
	CONSTRAINT "audit_logs_status_check" CHECK("audit_logs"."status" in ('success', 'failure', 'warning'))
);
--> statement-breakpoint
CREATE INDEX `audit_logs_created_idx` ON `audit_logs` (`created_at`);--> statement-breakpoint
CREATE INDEX `audit_logs_user_idx` ON `audit_logs` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_logs_action_idx` ON `audit_logs` (`action`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_logs_severity_idx` ON `audit_logs` (`severity`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_logs_resource_idx` ON `audit_logs` (`resource`,`resource_id`);--> statement-breakpoint
CREATE TABLE `health_alert_state` (
	`id` text PRIMARY KEY NOT NULL,
	`alert_type` text NOT NULL,
	`last_sent_at` integer,
	`status` text DEFAULT 'ok' NOT NULL,
	`cooldown_minutes` integer DEFAULT 30 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "health_alert_state_status_check" CHECK("health_alert_state"."status" in ('ok', 'alerting')),
	CONSTRAINT "health_alert_state_cooldown_check" CHECK("health_alert_state"."cooldown_minutes" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `health_alert_state_type_unique` ON `health_alert_state` (`alert_type`);--> statement-breakpoint
CREATE TABLE `health_check_items` (
	`id` text PRIMARY KEY NOT NULL,
	`run_id` text NOT NULL,
	`name` text NOT NULL,
	`status` text NOT NULL,
	`duration_ms` integer DEFAULT 0 NOT NULL,
	`message` text,
	`meta_json` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`run_id`) REFERENCES `health_check_runs`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "health_check_items_status_check" CHECK("health_check_items"."status" in ('healthy', 'degraded', 'unhealthy'))
);
--> statement-breakpoint
CREATE INDEX `health_check_items_run_idx` ON `health_check_items` (`run_id`);--> statement-breakpoint
CREATE INDEX `health_check_items_name_idx` ON `health_check_items` (`name`,`created_at`);--> statement-breakpoint
CREATE TABLE `health_check_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`overall_status` text,
	`summary_json` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "health_check_runs_status_check" CHECK("health_check_runs"."overall_status" is null or "health_check_runs"."overall_status" in ('healthy', 'degraded', 'unhealthy'))
);
--> statement-breakpoint
CREATE INDEX `health_check_runs_started_idx` ON `health_check_runs` (`started_at`);--> statement-breakpoint
CREATE TABLE `free_trial_abuse_prevention` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`email_domain` text NOT NULL,
	`registration_ip` text,
	`device_fingerprint` text,
	`user_id` text,
	`trial_started_at` integer,
	`trial_ended_at` integer,
	`is_blocked` integer DEFAULT false NOT NULL,
	`block_reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `free_trial_abuse_email_idx` ON `free_trial_abuse_prevention` (`email`);--> statement-breakpoint
CREATE INDEX `free_trial_abuse_domain_idx` ON `free_trial_abuse_prevention` (`email_domain`);--> statement-breakpoint
CREATE INDEX `free_trial_abuse_ip_idx` ON `free_trial_abuse_prevention` (`registration_ip`);--> statement-breakpoint
CREATE INDEX `free_trial_abuse_fingerprint_idx` ON `free_trial_abuse_prevention` (`device_fingerprint`);--> statement-breakpoint
CREATE INDEX `free_trial_abuse_user_idx` ON `free_trial_abuse_prevention` (`user_id`);--> statement-breakpoint
CREATE TABLE `rate_limit_hits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`hit_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limit_hits_key_time_idx` ON `rate_limit_hits` (`key`,`hit_at`);--> statement-breakpoint
CREATE INDEX `rate_limit_hits_time_idx` ON `rate_limit_hits` (`hit_at`);--> statement-breakpoint
CREATE TABLE `signup_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text,
	`registration_ip` text,
	`device_fingerprint` text,
	`attempted_at` integer NOT NULL,
	`successful` integer DEFAULT false NOT NULL,
	`block_until` integer
);
--> statement-breakpoint
CREATE INDEX `signup_attempts_ip_idx` ON `signup_attempts` (`registration_ip`,`attempted_at`);--> statement-breakpoint
CREATE INDEX `signup_attempts_email_idx` ON `signup_attempts` (`email`,`attempted_at`);--> statement-breakpoint
CREATE INDEX `signup_attempts_fingerprint_idx` ON `signup_attempts` (`device_fingerprint`,`attempted_at`);--> statement-breakpoint
CREATE INDEX `signup_attempts_attempted_idx` ON `signup_attempts` (`attempted_at`);