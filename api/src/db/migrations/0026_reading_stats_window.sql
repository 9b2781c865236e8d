ALTER TABLE `reading_challenges` ADD `participant_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `reading_stats_state` ADD `window_since` text;--> statement-breakpoint
ALTER TABLE `reading_stats_state` ADD `window_hour_ms` text;
--> statement-breakpoint
-- Hand-written: the participant count kept by the database on every write to challenge_participants (joins, leaves,
-- and the deletes a cascade from users or reading_challenges makes), then filled in for the challenges already there.
CREATE TRIGGER `challenge_participants_count_insert` AFTER INSERT ON `challenge_participants`
BEGIN
  UPDATE `reading_challenges` SET `participant_count` = `participant_count` + 1 WHERE `id` = NEW.`challenge_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `challenge_participants_count_delete` AFTER DELETE ON `challenge_participants`
BEGIN
  UPDATE `reading_challenges` SET `participant_count` = `participant_count` - 1 WHERE `id` = OLD.`challenge_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `challenge_participants_count_move` AFTER UPDATE OF `challenge_id` ON `challenge_participants`
  WHEN OLD.`challenge_id` IS NOT NEW.`challenge_id`
BEGIN
  UPDATE `reading_challenges` SET `participant_count` = `participant_count` - 1 WHERE `id` = OLD.`challenge_id`;
  UPDATE `reading_challenges` SET `participant_count` = `participant_count` + 1 WHERE `id` = NEW.`challenge_id`;
END;
--> statement-breakpoint
UPDATE `reading_challenges` SET `participant_count` =
  (SELECT count(*) FROM `challenge_participants` p WHERE p.`challenge_id` = `reading_challenges`.`id`);
