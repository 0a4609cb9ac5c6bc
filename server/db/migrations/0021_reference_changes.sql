-- Every process keeps the reference data it served lately in memory, with its answer's
-- validator (server/db/reference-cache.ts): countries, plans and their prices, web GIS
-- locations, releases. A statement that changes one of these tables tells every process
-- at commit, on the session cache's channel, with the payload 'ref:<table>'; PostgreSQL
-- sends one notification per transaction however many statements sent the same one.
CREATE FUNCTION "portal_reference_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_sessions', 'ref:' || TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "countries_reference_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "countries" FOR EACH STATEMENT EXECUTE FUNCTION "portal_reference_changed"();
--> statement-breakpoint
CREATE TRIGGER "plans_reference_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "plans" FOR EACH STATEMENT EXECUTE FUNCTION "portal_reference_changed"();
--> statement-breakpoint
CREATE TRIGGER "plan_prices_reference_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "plan_prices" FOR EACH STATEMENT EXECUTE FUNCTION "portal_reference_changed"();
--> statement-breakpoint
CREATE TRIGGER "webgis_locations_reference_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "webgis_locations" FOR EACH STATEMENT EXECUTE FUNCTION "portal_reference_changed"();
--> statement-breakpoint
CREATE TRIGGER "releases_reference_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "releases" FOR EACH STATEMENT EXECUTE FUNCTION "portal_reference_changed"();
