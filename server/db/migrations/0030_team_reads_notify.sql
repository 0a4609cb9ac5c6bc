-- The team reads are kept too (server/teams/teams.ts: the own team and the teams a user
-- is a member of). Each holds other users' rows: the team row, its memberships, the
-- owner's and the members' public names and the owner's plan and paid period. A change
-- to any of them names, at commit, every user whose team read holds it: the team's
-- owner and members, and a user who joined or left (server/db/session-cache.ts).
CREATE FUNCTION "portal_team_users_notify"(team integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_sessions', sharing.id::text) FROM (
    SELECT "owner_id" AS id FROM "teams" WHERE "teams"."id" = team
    UNION SELECT "user_id" FROM "team_members" WHERE "team_members"."team_id" = team
  ) AS sharing;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "portal_team_row_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('portal_sessions', OLD."owner_id"::text);
    PERFORM "portal_team_users_notify"(OLD."id");
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('portal_sessions', NEW."owner_id"::text);
    PERFORM "portal_team_users_notify"(NEW."id");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "teams_team_reads_changed" AFTER INSERT OR UPDATE OR DELETE ON "teams"
  FOR EACH ROW EXECUTE FUNCTION "portal_team_row_changed"();
--> statement-breakpoint
-- A member who left is no longer found among the team's users: named by the row.
CREATE FUNCTION "portal_team_member_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('portal_sessions', OLD."user_id"::text);
    PERFORM "portal_team_users_notify"(OLD."team_id");
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('portal_sessions', NEW."user_id"::text);
    PERFORM "portal_team_users_notify"(NEW."team_id");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "team_members_team_reads_changed" AFTER INSERT OR UPDATE OR DELETE ON "team_members"
  FOR EACH ROW EXECUTE FUNCTION "portal_team_member_changed"();
--> statement-breakpoint
-- The owner's plan and paid period decide whether the team is active (and listed to its
-- members). The owner is named already (migration 0029).
CREATE FUNCTION "portal_team_owner_plan_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "portal_team_users_notify"("teams"."id") FROM "teams" WHERE "owner_id" = OLD."user_id";
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "portal_team_users_notify"("teams"."id") FROM "teams" WHERE "owner_id" = NEW."user_id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "subscriptions_team_reads_changed"
  AFTER INSERT OR DELETE OR UPDATE OF "plan", "expire_at", "user_id" ON "subscriptions"
  FOR EACH ROW EXECUTE FUNCTION "portal_team_owner_plan_changed"();
--> statement-breakpoint
-- A user's public names (the team answer's guid, username, first and last name) are in
-- the team reads of everyone sharing a team with them: the team they own and the teams
-- they are a member of. The user is named already (migration 0009); a deleted user's
-- memberships and team go with them, and their triggers name the rest.
CREATE FUNCTION "portal_team_user_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "portal_team_users_notify"(shared.id) FROM (
    SELECT "id" FROM "teams" WHERE "owner_id" = NEW."id"
    UNION SELECT "team_id" FROM "team_members" WHERE "user_id" = NEW."id"
  ) AS shared;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_team_reads_changed"
  AFTER UPDATE OF "portal_guid", "username", "first_name", "last_name" ON "users"
  FOR EACH ROW
  WHEN (OLD."portal_guid" IS DISTINCT FROM NEW."portal_guid"
    OR OLD."username" IS DISTINCT FROM NEW."username"
    OR OLD."first_name" IS DISTINCT FROM NEW."first_name"
    OR OLD."last_name" IS DISTINCT FROM NEW."last_name")
  EXECUTE FUNCTION "portal_team_user_renamed"();
