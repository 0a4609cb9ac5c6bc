CREATE TABLE "webgis_instances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webgis_instances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"subdomain" text NOT NULL,
	"location_id" text NOT NULL,
	"language" text NOT NULL,
	"state" text NOT NULL,
	"state_transition" text,
	"url" text NOT NULL,
	"url_oauth" text NOT NULL,
	"storage_bytes" bigint DEFAULT 0 NOT NULL,
	"maps_and_layers" integer DEFAULT 0 NOT NULL,
	"private_resources" integer DEFAULT 0 NOT NULL,
	"checked_plan" text,
	"ready_mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webgis_instances_one_per_user" UNIQUE("user_id"),
	CONSTRAINT "webgis_instances_subdomain_lower" CHECK ("webgis_instances"."subdomain" = lower("webgis_instances"."subdomain")),
	CONSTRAINT "webgis_instances_state_known" CHECK (state in ('wait_for_create', 'started', 'error', 'stopped', 'wait_for_start', 'disabled', 'wait_for_disable')),
	CONSTRAINT "webgis_instances_transition_known" CHECK (state_transition is null or state_transition in ('wait_for_create', 'wait_for_start', 'wait_for_disable')),
	CONSTRAINT "webgis_instances_language_known" CHECK ("webgis_instances"."language" in ('en', 'ru'))
);
--> statement-breakpoint
CREATE TABLE "webgis_locations" (
	"id" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_ru" text NOT NULL,
	"position" integer NOT NULL,
	"sandbox" text,
	CONSTRAINT "webgis_locations_sandbox_known" CHECK ("webgis_locations"."sandbox" in ('fail', 'overrun'))
);
--> statement-breakpoint
ALTER TABLE "webgis_instances" ADD CONSTRAINT "webgis_instances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webgis_instances" ADD CONSTRAINT "webgis_instances_location_id_webgis_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."webgis_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webgis_instances_subdomain_key" ON "webgis_instances" USING btree ("subdomain");--> statement-breakpoint
CREATE INDEX "webgis_instances_state_idx" ON "webgis_instances" USING btree ("state");