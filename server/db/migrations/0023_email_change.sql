CREATE TABLE "email_change_undos" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"old_email" text NOT NULL,
	"new_email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"superseded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_changes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"new_email" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "security_events" DROP CONSTRAINT "security_events_kind_known";--> statement-breakpoint
ALTER TABLE "email_change_undos" ADD CONSTRAINT "email_change_undos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_change_undos_user_id_idx" ON "email_change_undos" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_kind_known" CHECK ("security_events"."kind" in ('sign_in', 'sign_in_failed', 'password_reset', 'session_ended', 'sessions_ended', 'social_linked', 'social_unlinked', 'profile_exported', 'reauthenticated', 'reauth_failed', 'password_changed', 'email_changed', 'email_change_undone'));