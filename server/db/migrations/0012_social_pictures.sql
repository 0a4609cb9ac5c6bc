ALTER TABLE "social_accounts" ADD COLUMN "picture_url" text;
--> statement-breakpoint
-- The profile's userpic is read beside the plan facts (server/routes/profile-answer.ts)
-- from the user's social links: a change to them names its user, so every process
-- forgets that user's cached facts at commit (server/identity/session-cache.ts).
CREATE TRIGGER "social_accounts_changed" AFTER INSERT OR UPDATE OR DELETE ON "social_accounts"
  FOR EACH ROW EXECUTE FUNCTION "portal_user_row_changed"('user_id');
