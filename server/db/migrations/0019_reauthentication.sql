ALTER TABLE "security_events" DROP CONSTRAINT "security_events_kind_known";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "authenticated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- A session from before this column proved who the user is at its sign-in.
UPDATE "sessions" SET "authenticated_at" = "created_at";--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_kind_known" CHECK ("security_events"."kind" in ('sign_in', 'sign_in_failed', 'password_reset', 'session_ended', 'sessions_ended', 'social_linked', 'social_unlinked', 'profile_exported', 'reauthenticated', 'reauth_failed', 'password_changed'));