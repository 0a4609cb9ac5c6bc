CREATE TABLE "releases" (
	"id" integer PRIMARY KEY NOT NULL,
	"product" text NOT NULL,
	"name" text NOT NULL,
	"version" text NOT NULL,
	"tags" jsonb NOT NULL,
	"options" jsonb NOT NULL,
	"file_path" text,
	"file_size" bigint,
	"store_url" text,
	"position" integer NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "releases_id_positive" CHECK ("releases"."id" > 0),
	CONSTRAINT "releases_file_or_store" CHECK (("releases"."file_path" is null) <> ("releases"."store_url" is null) and ("releases"."file_path" is null) = ("releases"."file_size" is null))
);
