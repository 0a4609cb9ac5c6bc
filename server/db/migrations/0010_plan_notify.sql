-- Every process also keeps the profile's plan facts of the users it served lately
-- (server/identity/session-cache.ts): the own plan, the premium a team grants, the web
-- GIS address. A change to anything they are read from tells every process at commit
-- with the payload '*'; an owner's change reaches the members, whom the row does not
-- name, so every process forgets every user's facts. These tables change seldom, and
-- PostgreSQL sends one notification per transaction however many rows it changed.
-- A user's autopayment, which the payment-status poll reads every second, is kept too:
-- any change to it names its user.
CREATE FUNCTION "portal_plans_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_sessions', '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "subscriptions_plans_changed"
  AFTER INSERT OR DELETE OR UPDATE OF "plan", "expire_at", "user_id" ON "subscriptions"
  FOR EACH ROW EXECUTE FUNCTION "portal_plans_changed"();
--> statement-breakpoint
CREATE TRIGGER "teams_plans_changed" AFTER INSERT OR UPDATE OR DELETE ON "teams"
  FOR EACH ROW EXECUTE FUNCTION "portal_plans_changed"();
--> statement-breakpoint
CREATE TRIGGER "team_members_plans_changed" AFTER INSERT OR UPDATE OR DELETE ON "team_members"
  FOR EACH ROW EXECUTE FUNCTION "portal_plans_changed"();
--> statement-breakpoint
CREATE TRIGGER "webgis_instances_plans_changed"
  AFTER INSERT OR DELETE OR UPDATE OF "url", "user_id" ON "webgis_instances"
  FOR EACH ROW EXECUTE FUNCTION "portal_plans_changed"();
--> statement-breakpoint
CREATE FUNCTION "portal_user_row_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_sessions', coalesce(to_jsonb(NEW), to_jsonb(OLD)) ->> TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "autopayments_changed" AFTER INSERT OR UPDATE OR DELETE ON "autopayments"
  FOR EACH ROW EXECUTE FUNCTION "portal_user_row_changed"('user_id');
