-- Text search of the back office's users list (docs/product/back-office.md#users): an FTS5 trigram index over names,
-- e-mail and username, so "any part of" a name or address is found at 100,000 users without a table scan. A table of
-- its own (not external content: users has a text primary key, and its implicit rowid may change on VACUUM) kept in
-- step by triggers; user_id joins back to users.id.
CREATE VIRTUAL TABLE `users_fts` USING fts5(user_id UNINDEXED, name, email, username, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `users_fts` (user_id, name, email, username)
  SELECT id, trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')), email, coalesce(username, '') FROM users;
--> statement-breakpoint
CREATE TRIGGER `users_fts_after_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO users_fts (user_id, name, email, username)
  VALUES (new.id, trim(coalesce(new.first_name, '') || ' ' || coalesce(new.last_name, '')), new.email, coalesce(new.username, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `users_fts_after_update` AFTER UPDATE OF first_name, last_name, email, username ON `users` BEGIN
  DELETE FROM users_fts WHERE user_id = old.id;
  INSERT INTO users_fts (user_id, name, email, username)
  VALUES (new.id, trim(coalesce(new.first_name, '') || ' ' || coalesce(new.last_name, '')), new.email, coalesce(new.username, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `users_fts_after_delete` AFTER DELETE ON `users` BEGIN
  DELETE FROM users_fts WHERE user_id = old.id;
END;
