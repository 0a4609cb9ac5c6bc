CREATE TABLE "recovery_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recovery_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "two_factors" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"enabled_at" timestamp with time zone,
	"last_used_step" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"attempts_from" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "security_events" DROP CONSTRAINT "security_events_kind_known";--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factors" ADD CONSTRAINT "two_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_codes_user_id_code_hash_idx" ON "recovery_codes" USING btree ("user_id","code_hash");--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_kind_known" CHECK ("security_events"."kind" in ('sign_in', 'sign_in_failed', 'password_reset', 'session_ended', 'sessions_ended', 'social_linked', 'social_unlinked', 'profile_exported', 'reauthenticated', 'reauth_failed', 'password_changed', 'email_changed', 'email_change_undone', 'two_factor_enabled', 'two_factor_disabled', 'recovery_codes_regenerated', 'recovery_code_used'));