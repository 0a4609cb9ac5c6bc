CREATE TABLE "team_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" integer NOT NULL,
	"email" text NOT NULL,
	"locale" text NOT NULL,
	"token_hash" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"accepted_by" integer,
	CONSTRAINT "team_invitations_token_hash_key" UNIQUE("token_hash"),
	CONSTRAINT "team_invitations_state" CHECK ("team_invitations"."state" in ('pending', 'accepted', 'declined', 'revoked')),
	CONSTRAINT "team_invitations_locale" CHECK ("team_invitations"."locale" in ('en', 'ru'))
);
--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_one_pending" ON "team_invitations" USING btree ("team_id","email") WHERE "team_invitations"."state" = 'pending';