CREATE TABLE `paying_subscriber_counts` (
	`tier` text PRIMARY KEY NOT NULL,
	`subscribers` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "paying_subscriber_counts_tier_check" CHECK("paying_subscriber_counts"."tier" in ('basic', 'premium'))
);
--> statement-breakpoint
CREATE INDEX `users_trial_accounts_idx` ON `users` (`id`) WHERE subscription_tier = 'trial' and max(coalesce(trial_ends_at, 0), coalesce(free_trial_ended_at, 0)) > 0;--> statement-breakpoint
CREATE INDEX `billing_subscriptions_free_days_idx` ON `billing_subscriptions` (`trial_end`) WHERE status = 'active' and current_period_end <= trial_end;--> statement-breakpoint
CREATE TRIGGER `paying_subscribers_subscription_insert` AFTER INSERT ON `billing_subscriptions` BEGIN
  INSERT INTO paying_subscriber_counts (tier, subscribers)
  SELECT new.tier, 1 WHERE new.status IN ('active', 'past_due')
    AND EXISTS (SELECT 1 FROM mrr_movements m WHERE m.user_id = new.user_id AND m.subscription_id = new.subscription_id)
  ON CONFLICT (tier) DO UPDATE SET subscribers = subscribers + excluded.subscribers;
END;
--> statement-breakpoint
CREATE TRIGGER `paying_subscribers_subscription_update` AFTER UPDATE OF tier, status, user_id, subscription_id ON `billing_subscriptions` BEGIN
  INSERT INTO paying_subscriber_counts (tier, subscribers)
  SELECT old.tier, -1 WHERE old.status IN ('active', 'past_due')
    AND EXISTS (SELECT 1 FROM mrr_movements m WHERE m.user_id = old.user_id AND m.subscription_id = old.subscription_id)
  ON CONFLICT (tier) DO UPDATE SET subscribers = subscribers + excluded.subscribers;
  INSERT INTO paying_subscriber_counts (tier, subscribers)
  SELECT new.tier, 1 WHERE new.status IN ('active', 'past_due')
    AND EXISTS (SELECT 1 FROM mrr_movements m WHERE m.user_id = new.user_id AND m.subscription_id = new.subscription_id)
  ON CONFLICT (tier) DO UPDATE SET subscribers = subscribers + excluded.subscribers;
END;
--> statement-breakpoint
CREATE TRIGGER `paying_subscribers_subscription_delete` AFTER DELETE ON `billing_subscriptions` BEGIN
  INSERT INTO paying_subscriber_counts (tier, subscribers)
  SELECT old.tier, -1 WHERE old.status IN ('active', 'past_due')
    AND EXISTS (SELECT 1 FROM mrr_movements m WHERE m.user_id = old.user_id AND m.subscription_id = old.subscription_id)
  ON CONFLICT (tier) DO UPDATE SET subscribers = subscribers + excluded.subscribers;
END;
--> statement-breakpoint
CREATE TRIGGER `paying_subscribers_movement_insert` AFTER INSERT ON `mrr_movements` BEGIN
  INSERT INTO paying_subscriber_counts (tier, subscribers)
  SELECT b.tier, 1 FROM billing_subscriptions b
  WHERE b.user_id = new.user_id AND b.subscription_id = new.subscription_id AND b.status IN ('active', 'past_due')
    AND NOT EXISTS (SELECT 1 FROM mrr_movements m
      WHERE m.user_id = new.user_id AND m.subscription_id = new.subscription_id AND m.id <> new.id)
  ON CONFLICT (tier) DO UPDATE SET subscribers = subscribers + excluded.subscribers;
END;
--> statement-breakpoint
CREATE TRIGGER `paying_subscribers_movement_update` AFTER UPDATE OF user_id, subscription_id ON `mrr_movements`
WHEN old.user_id IS NOT new.user_id OR old.subscription_id IS NOT new.subscription_id BEGIN
  INSERT INTO paying_subscriber_counts (tier, subscribers)
  SELECT b.tier, -1 FROM billing_subscriptions b
  WHERE b.user_id = old.user_id AND b.subscription_id = old.subscription_id AND b.status IN ('active', 'past_due')
    AND NOT EXISTS (SELECT 1 FROM mrr_movements m WHERE m.user_id = old.user_id AND m.subscription_id = old.subscription_id)
  ON CONFLICT (tier) DO UPDATE SET subscribers = subscribers + excluded.subscribers;
  INSERT INTO paying_subscriber_counts (tier, subscribers)
  SELECT b.tier, 1 FROM billing_subscriptions b
  WHERE b.user_id = new.user_id AND b.subscription_id = new.subscription_id AND b.status IN ('active', 'past_due')
    AND NOT EXISTS (SELECT 1 FROM mrr_movements m
      WHERE m.user_id = new.user_id AND m.subscription_id = new.subscription_id AND m.id <> new.id)
  ON CONFLICT (tier) DO UPDATE SET subscribers = subscribers + excluded.subscribers;
END;
--> statement-breakpoint
CREATE TRIGGER `paying_subscribers_movement_delete` AFTER DELETE ON `mrr_movements` BEGIN
  INSERT INTO paying_subscriber_counts (tier, subscribers)
  SELECT b.tier, -1 FROM billing_subscriptions b
  WHERE b.user_id = old.user_id AND b.subscription_id = old.subscription_id AND b.status IN ('active', 'past_due')
    AND NOT EXISTS (SELECT 1 FROM mrr_movements m WHERE m.user_id = old.user_id AND m.subscription_id = old.subscription_id)
  ON CONFLICT (tier) DO UPDATE SET subscribers = subscribers + excluded.subscribers;
END;
--> statement-breakpoint
INSERT INTO paying_subscriber_counts (tier, subscribers)
SELECT b.tier, count(*) FROM billing_subscriptions b
WHERE b.status IN ('active', 'past_due')
  AND EXISTS (SELECT 1 FROM mrr_movements m WHERE m.user_id = b.user_id AND m.subscription_id = b.subscription_id)
GROUP BY b.tier;
