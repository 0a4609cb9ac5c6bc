CREATE TABLE "onpremise_bindings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "onpremise_bindings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"identifier" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onpremise_bindings_identifier_upper" CHECK ("onpremise_bindings"."identifier" = upper("onpremise_bindings"."identifier"))
);
--> statement-breakpoint
ALTER TABLE "onpremise_bindings" ADD CONSTRAINT "onpremise_bindings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "onpremise_bindings_identifier_key" ON "onpremise_bindings" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "onpremise_bindings_user_id_idx" ON "onpremise_bindings" USING btree ("user_id");