-- The security page's own reads are kept too (server/user-reads.ts): the passkeys list
-- and the two-step status with its recovery codes left. A change to any row they are
-- read from names its user at commit, as migration 0029 does for the other reads: a
-- passkey added, renamed, removed or used to sign in; the app turned on, off or used; a
-- recovery code used or the codes made anew.
CREATE TRIGGER "passkeys_changed" AFTER INSERT OR UPDATE OR DELETE ON "passkeys"
  FOR EACH ROW EXECUTE FUNCTION "portal_user_row_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "two_factors_changed" AFTER INSERT OR UPDATE OR DELETE ON "two_factors"
  FOR EACH ROW EXECUTE FUNCTION "portal_user_row_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "recovery_codes_changed" AFTER INSERT OR UPDATE OR DELETE ON "recovery_codes"
  FOR EACH ROW EXECUTE FUNCTION "portal_user_row_changed"('user_id');
