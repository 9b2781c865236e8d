-- The audit log is append-only (docs/ARCHITECTURE.md#security): rows may be inserted, never changed or removed, whoever
-- asks. audit_logs.user_id has no foreign key, so no ON DELETE action ever needs to touch these rows.
CREATE TRIGGER `audit_logs_no_update`
BEFORE UPDATE ON `audit_logs`
BEGIN
  SELECT RAISE(ABORT, 'audit_logs is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `audit_logs_no_delete`
BEFORE DELETE ON `audit_logs`
BEGIN
  SELECT RAISE(ABORT, 'audit_logs is append-only');
END;
