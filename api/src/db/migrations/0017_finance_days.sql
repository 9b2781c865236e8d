CREATE TABLE `mrr_movement_days` (
	`day` text NOT NULL,
	`kind` text NOT NULL,
	`movements` integer DEFAULT 0 NOT NULL,
	`net_change` integer DEFAULT 0 NOT NULL,
	`amount` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `kind`),
	CONSTRAINT "mrr_movement_days_day_check" CHECK(length("mrr_movement_days"."day") = 10),
	CONSTRAINT "mrr_movement_days_kind_check" CHECK("mrr_movement_days"."kind" in ('new', 'expansion', 'contraction', 'churn'))
);
--> statement-breakpoint
CREATE TABLE `revenue_days` (
	`day` text NOT NULL,
	`tier` text NOT NULL,
	`paid_invoices` integer DEFAULT 0 NOT NULL,
	`paid_amount` integer DEFAULT 0 NOT NULL,
	`refunded_amount` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `tier`),
	CONSTRAINT "revenue_days_day_check" CHECK(length("revenue_days"."day") = 10),
	CONSTRAINT "revenue_days_tier_check" CHECK("revenue_days"."tier" in ('basic', 'premium'))
);
--> statement-breakpoint
CREATE TABLE `trial_end_days` (
	`day` text PRIMARY KEY NOT NULL,
	`trials_ended` integer DEFAULT 0 NOT NULL,
	`converted` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "trial_end_days_day_check" CHECK(length("trial_end_days"."day") = 10)
);
--> statement-breakpoint
CREATE INDEX `mrr_movements_subscription_idx` ON `mrr_movements` (`user_id`,`subscription_id`);--> statement-breakpoint
CREATE TRIGGER `revenue_days_invoice_insert` AFTER INSERT ON `invoices` BEGIN
  INSERT INTO revenue_days (day, tier, paid_invoices, paid_amount)
  SELECT strftime('%Y-%m-%d', new.paid_at / 1000, 'unixepoch'), new.tier, 1, new.amount_paid WHERE new.status = 'paid' AND new.amount_paid > 0 AND new.paid_at IS NOT NULL
  ON CONFLICT (day, tier) DO UPDATE SET paid_invoices = paid_invoices + 1, paid_amount = paid_amount + excluded.paid_amount;
END;
--> statement-breakpoint
CREATE TRIGGER `revenue_days_invoice_update` AFTER UPDATE OF status, amount_paid, paid_at, tier ON `invoices` BEGIN
  UPDATE revenue_days SET paid_invoices = paid_invoices - 1, paid_amount = paid_amount - old.amount_paid
  WHERE day = strftime('%Y-%m-%d', old.paid_at / 1000, 'unixepoch') AND tier = old.tier AND old.status = 'paid' AND old.amount_paid > 0 AND old.paid_at IS NOT NULL;
  INSERT INTO revenue_days (day, tier, paid_invoices, paid_amount)
  SELECT strftime('%Y-%m-%d', new.paid_at / 1000, 'unixepoch'), new.tier, 1, new.amount_paid WHERE new.status = 'paid' AND new.amount_paid > 0 AND new.paid_at IS NOT NULL
  ON CONFLICT (day, tier) DO UPDATE SET paid_invoices = paid_invoices + 1, paid_amount = paid_amount + excluded.paid_amount;
END;
--> statement-breakpoint
CREATE TRIGGER `revenue_days_invoice_delete` AFTER DELETE ON `invoices` BEGIN
  UPDATE revenue_days SET paid_invoices = paid_invoices - 1, paid_amount = paid_amount - old.amount_paid
  WHERE day = strftime('%Y-%m-%d', old.paid_at / 1000, 'unixepoch') AND tier = old.tier AND old.status = 'paid' AND old.amount_paid > 0 AND old.paid_at IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `revenue_days_refund_insert` AFTER INSERT ON `refunds` BEGIN
  INSERT INTO revenue_days (day, tier, refunded_amount)
  VALUES (strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), new.tier, new.amount)
  ON CONFLICT (day, tier) DO UPDATE SET refunded_amount = refunded_amount + excluded.refunded_amount;
END;
--> statement-breakpoint
CREATE TRIGGER `revenue_days_refund_update` AFTER UPDATE OF amount, created_at, tier ON `refunds` BEGIN
  UPDATE revenue_days SET refunded_amount = refunded_amount - old.amount
  WHERE day = strftime('%Y-%m-%d', old.created_at / 1000, 'unixepoch') AND tier = old.tier;
  INSERT INTO revenue_days (day, tier, refunded_amount)
  VALUES (strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), new.tier, new.amount)
  ON CONFLICT (day, tier) DO UPDATE SET refunded_amount = refunded_amount + excluded.refunded_amount;
END;
--> statement-breakpoint
CREATE TRIGGER `revenue_days_refund_delete` AFTER DELETE ON `refunds` BEGIN
  UPDATE revenue_days SET refunded_amount = refunded_amount - old.amount
  WHERE day = strftime('%Y-%m-%d', old.created_at / 1000, 'unixepoch') AND tier = old.tier;
END;
--> statement-breakpoint
CREATE TRIGGER `mrr_movement_days_insert` AFTER INSERT ON `mrr_movements` BEGIN
  INSERT INTO mrr_movement_days (day, kind, movements, net_change, amount)
  VALUES (strftime('%Y-%m-%d', new.occurred_at / 1000, 'unixepoch'), new.kind, 1, new.mrr_after - new.mrr_before, abs(new.mrr_after - new.mrr_before))
  ON CONFLICT (day, kind) DO UPDATE SET movements = movements + 1, net_change = net_change + excluded.net_change,
    amount = amount + excluded.amount;
  UPDATE trial_end_days SET converted = converted + 1
  WHERE new.kind = 'new' AND new.tier_before = 'trial'
    AND day = (SELECT strftime('%Y-%m-%d', coalesce(trial_ends_at, free_trial_ended_at) / 1000, 'unixepoch') FROM users WHERE id = new.user_id AND trial_started_at IS NOT NULL)
    AND NOT EXISTS (SELECT 1 FROM mrr_movements m WHERE m.user_id = new.user_id AND m.kind = 'new' AND m.tier_before = 'trial' AND m.id <> new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `mrr_movement_days_update` AFTER UPDATE ON `mrr_movements` BEGIN
  UPDATE mrr_movement_days SET movements = movements - 1, net_change = net_change - (old.mrr_after - old.mrr_before),
    amount = amount - abs(old.mrr_after - old.mrr_before)
  WHERE day = strftime('%Y-%m-%d', old.occurred_at / 1000, 'unixepoch') AND kind = old.kind;
  INSERT INTO mrr_movement_days (day, kind, movements, net_change, amount)
  VALUES (strftime('%Y-%m-%d', new.occurred_at / 1000, 'unixepoch'), new.kind, 1, new.mrr_after - new.mrr_before, abs(new.mrr_after - new.mrr_before))
  ON CONFLICT (day, kind) DO UPDATE SET movements = movements + 1, net_change = net_change + excluded.net_change,
    amount = amount + excluded.amount;
  INSERT INTO trial_end_days (day, trials_ended, converted)
  SELECT day, ended, converted FROM (
    SELECT strftime('%Y-%m-%d', ((SELECT coalesce(trial_ends_at, free_trial_ended_at) FROM users WHERE id = old.user_id)) / 1000, 'unixepoch') AS day, count(*) AS ended,
      coalesce(sum(exists(SELECT 1 FROM mrr_movements m WHERE m.user_id = u.id AND m.kind = 'new' AND m.tier_before = 'trial')), 0) AS converted
    FROM users u
    WHERE coalesce(u.trial_ends_at, u.free_trial_ended_at) >= (((SELECT coalesce(trial_ends_at, free_trial_ended_at) FROM users WHERE id = old.user_id)) / 86400000) * 86400000 AND coalesce(u.trial_ends_at, u.free_trial_ended_at) < (((SELECT coalesce(trial_ends_at, free_trial_ended_at) FROM users WHERE id = old.user_id)) / 86400000) * 86400000 + 86400000 AND u.trial_started_at IS NOT NULL
  ) WHERE day IS NOT NULL
  ON CONFLICT (day) DO UPDATE SET trials_ended = excluded.trials_ended, converted = excluded.converted;
  INSERT INTO trial_end_days (day, trials_ended, converted)
  SELECT day, ended, converted FROM (
    SELECT strftime('%Y-%m-%d', ((SELECT coalesce(trial_ends_at, free_trial_ended_at) FROM users WHERE id = new.user_id)) / 1000, 'unixepoch') AS day, count(*) AS ended,
      coalesce(sum(exists(SELECT 1 FROM mrr_movements m WHERE m.user_id = u.id AND m.kind = 'new' AND m.tier_before = 'trial')), 0) AS converted
    FROM users u
    WHERE coalesce(u.trial_ends_at, u.free_trial_ended_at) >= (((SELECT coalesce(trial_ends_at, free_trial_ended_at) FROM users WHERE id = new.user_id)) / 86400000) * 86400000 AND coalesce(u.trial_ends_at, u.free_trial_ended_at) < (((SELECT coalesce(trial_ends_at, free_trial_ended_at) FROM users WHERE id = new.user_id)) / 86400000) * 86400000 + 86400000 AND u.trial_started_at IS NOT NULL
  ) WHERE day IS NOT NULL
  ON CONFLICT (day) DO UPDATE SET trials_ended = excluded.trials_ended, converted = excluded.converted;
END;
--> statement-breakpoint
CREATE TRIGGER `mrr_movement_days_delete` AFTER DELETE ON `mrr_movements` BEGIN
  UPDATE mrr_movement_days SET movements = movements - 1, net_change = net_change - (old.mrr_after - old.mrr_before),
    amount = amount - abs(old.mrr_after - old.mrr_before)
  WHERE day = strftime('%Y-%m-%d', old.occurred_at / 1000, 'unixepoch') AND kind = old.kind;
  INSERT INTO trial_end_days (day, trials_ended, converted)
  SELECT day, ended, converted FROM (
    SELECT strftime('%Y-%m-%d', ((SELECT coalesce(trial_ends_at, free_trial_ended_at) FROM users WHERE id = old.user_id)) / 1000, 'unixepoch') AS day, count(*) AS ended,
      coalesce(sum(exists(SELECT 1 FROM mrr_movements m WHERE m.user_id = u.id AND m.kind = 'new' AND m.tier_before = 'trial')), 0) AS converted
    FROM users u
    WHERE coalesce(u.trial_ends_at, u.free_trial_ended_at) >= (((SELECT coalesce(trial_ends_at, free_trial_ended_at) FROM users WHERE id = old.user_id)) / 86400000) * 86400000 AND coalesce(u.trial_ends_at, u.free_trial_ended_at) < (((SELECT coalesce(trial_ends_at, free_trial_ended_at) FROM users WHERE id = old.user_id)) / 86400000) * 86400000 + 86400000 AND u.trial_started_at IS NOT NULL
  ) WHERE day IS NOT NULL
  ON CONFLICT (day) DO UPDATE SET trials_ended = excluded.trials_ended, converted = excluded.converted;
END;
--> statement-breakpoint
CREATE TRIGGER `trial_end_days_user_insert` AFTER INSERT ON `users`
WHEN new.trial_started_at IS NOT NULL AND coalesce(new.trial_ends_at, new.free_trial_ended_at) IS NOT NULL BEGIN
  INSERT INTO trial_end_days (day, trials_ended, converted)
  VALUES (strftime('%Y-%m-%d', coalesce(new.trial_ends_at, new.free_trial_ended_at) / 1000, 'unixepoch'), 1,
    exists(SELECT 1 FROM mrr_movements m WHERE m.user_id = new.id AND m.kind = 'new' AND m.tier_before = 'trial'))
  ON CONFLICT (day) DO UPDATE SET trials_ended = trials_ended + 1, converted = converted + excluded.converted;
END;
--> statement-breakpoint
CREATE TRIGGER `trial_end_days_user_update` AFTER UPDATE OF trial_started_at, trial_ends_at, free_trial_ended_at ON `users` BEGIN
  INSERT INTO trial_end_days (day, trials_ended, converted)
  SELECT day, ended, converted FROM (
    SELECT strftime('%Y-%m-%d', (coalesce(old.trial_ends_at, old.free_trial_ended_at)) / 1000, 'unixepoch') AS day, count(*) AS ended,
      coalesce(sum(exists(SELECT 1 FROM mrr_movements m WHERE m.user_id = u.id AND m.kind = 'new' AND m.tier_before = 'trial')), 0) AS converted
    FROM users u
    WHERE coalesce(u.trial_ends_at, u.free_trial_ended_at) >= ((coalesce(old.trial_ends_at, old.free_trial_ended_at)) / 86400000) * 86400000 AND coalesce(u.trial_ends_at, u.free_trial_ended_at) < ((coalesce(old.trial_ends_at, old.free_trial_ended_at)) / 86400000) * 86400000 + 86400000 AND u.trial_started_at IS NOT NULL
  ) WHERE day IS NOT NULL
  ON CONFLICT (day) DO UPDATE SET trials_ended = excluded.trials_ended, converted = excluded.converted;
  INSERT INTO trial_end_days (day, trials_ended, converted)
  SELECT day, ended, converted FROM (
    SELECT strftime('%Y-%m-%d', (coalesce(new.trial_ends_at, new.free_trial_ended_at)) / 1000, 'unixepoch') AS day, count(*) AS ended,
      coalesce(sum(exists(SELECT 1 FROM mrr_movements m WHERE m.user_id = u.id AND m.kind = 'new' AND m.tier_before = 'trial')), 0) AS converted
    FROM users u
    WHERE coalesce(u.trial_ends_at, u.free_trial_ended_at) >= ((coalesce(new.trial_ends_at, new.free_trial_ended_at)) / 86400000) * 86400000 AND coalesce(u.trial_ends_at, u.free_trial_ended_at) < ((coalesce(new.trial_ends_at, new.free_trial_ended_at)) / 86400000) * 86400000 + 86400000 AND u.trial_started_at IS NOT NULL
  ) WHERE day IS NOT NULL
  ON CONFLICT (day) DO UPDATE SET trials_ended = excluded.trials_ended, converted = excluded.converted;
END;
--> statement-breakpoint
CREATE TRIGGER `trial_end_days_user_delete` AFTER DELETE ON `users` BEGIN
  INSERT INTO trial_end_days (day, trials_ended, converted)
  SELECT day, ended, converted FROM (
    SELECT strftime('%Y-%m-%d', (coalesce(old.trial_ends_at, old.free_trial_ended_at)) / 1000, 'unixepoch') AS day, count(*) AS ended,
      coalesce(sum(exists(SELECT 1 FROM mrr_movements m WHERE m.user_id = u.id AND m.kind = 'new' AND m.tier_before = 'trial')), 0) AS converted
    FROM users u
    WHERE coalesce(u.trial_ends_at, u.free_trial_ended_at) >= ((coalesce(old.trial_ends_at, old.free_trial_ended_at)) / 86400000) * 86400000 AND coalesce(u.trial_ends_at, u.free_trial_ended_at) < ((coalesce(old.trial_ends_at, old.free_trial_ended_at)) / 86400000) * 86400000 + 86400000 AND u.trial_started_at IS NOT NULL
  ) WHERE day IS NOT NULL
  ON CONFLICT (day) DO UPDATE SET trials_ended = excluded.trials_ended, converted = excluded.converted;
END;
--> statement-breakpoint
INSERT INTO revenue_days (day, tier, paid_invoices, paid_amount)
SELECT strftime('%Y-%m-%d', paid_at / 1000, 'unixepoch'), tier, count(*), sum(amount_paid) FROM invoices
WHERE status = 'paid' AND amount_paid > 0 AND paid_at IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO revenue_days (day, tier, refunded_amount)
SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch'), tier, sum(amount) FROM refunds WHERE true GROUP BY 1, 2
ON CONFLICT (day, tier) DO UPDATE SET refunded_amount = excluded.refunded_amount;
--> statement-breakpoint
INSERT INTO mrr_movement_days (day, kind, movements, net_change, amount)
SELECT strftime('%Y-%m-%d', occurred_at / 1000, 'unixepoch'), kind, count(*), sum(mrr_after - mrr_before), sum(abs(mrr_after - mrr_before))
FROM mrr_movements GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO trial_end_days (day, trials_ended, converted)
SELECT strftime('%Y-%m-%d', coalesce(u.trial_ends_at, u.free_trial_ended_at) / 1000, 'unixepoch'), count(*),
  sum(exists(SELECT 1 FROM mrr_movements m WHERE m.user_id = u.id AND m.kind = 'new' AND m.tier_before = 'trial'))
FROM users u WHERE u.trial_started_at IS NOT NULL AND coalesce(u.trial_ends_at, u.free_trial_ended_at) IS NOT NULL GROUP BY 1;
