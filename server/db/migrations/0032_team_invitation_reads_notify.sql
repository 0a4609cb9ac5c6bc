-- The own team's pending invitations are kept too (server/teams/invitations.ts), as the
-- other reads are (migrations 0029, 0030): a change to an invitation names, at commit,
-- the owner of its team, the only one who reads it. A team that changes owner names
-- both (migration 0030).
CREATE FUNCTION "portal_team_invitation_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('portal_sessions', "owner_id"::text) FROM "teams" WHERE "id" = OLD."team_id";
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('portal_sessions', "owner_id"::text) FROM "teams" WHERE "id" = NEW."team_id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "team_invitations_changed" AFTER INSERT OR UPDATE OR DELETE ON "team_invitations"
  FOR EACH ROW EXECUTE FUNCTION "portal_team_invitation_changed"();
