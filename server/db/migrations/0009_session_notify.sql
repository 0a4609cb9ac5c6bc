-- Every process keeps a short-lived cache of the sessions it has read
-- (server/identity/session-cache.ts). A change to a user or the end of a session
-- tells every process at commit, whichever code path or process made it.
CREATE FUNCTION "portal_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_sessions', to_jsonb(OLD) ->> TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_session_changed" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "portal_session_changed"('id');
--> statement-breakpoint
CREATE TRIGGER "sessions_session_changed" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "portal_session_changed"('user_id');
