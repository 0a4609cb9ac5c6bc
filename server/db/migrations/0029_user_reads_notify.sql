-- Every process also keeps the reads of a user's own rows (server/user-reads.ts): the
-- sessions list, the security log, the payment history, the on-premise bindings, the
-- web GIS, the subscription and the open checkout. A change to any row they are read from names its user at commit, so every
-- process forgets that user's reads (server/db/session-cache.ts). The sessions' updates
-- and deletions, the social links and the autopayments name their user already
-- (migrations 0009, 0010, 0012).
CREATE TRIGGER "sessions_inserted" AFTER INSERT ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "portal_user_row_changed"('user_id');
--> statement-breakpoint
-- A sign-in naming no account is logged without a user: nobody's reads change.
CREATE TRIGGER "security_events_inserted" AFTER INSERT ON "security_events"
  FOR EACH ROW WHEN (NEW."user_id" IS NOT NULL)
  EXECUTE FUNCTION "portal_user_row_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "security_events_changed" AFTER UPDATE OR DELETE ON "security_events"
  FOR EACH ROW WHEN (OLD."user_id" IS NOT NULL)
  EXECUTE FUNCTION "portal_session_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "payments_changed" AFTER INSERT OR UPDATE OR DELETE ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "portal_user_row_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "invoice_requests_changed" AFTER INSERT OR UPDATE OR DELETE ON "invoice_requests"
  FOR EACH ROW EXECUTE FUNCTION "portal_user_row_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "onpremise_bindings_changed" AFTER INSERT OR UPDATE OR DELETE ON "onpremise_bindings"
  FOR EACH ROW EXECUTE FUNCTION "portal_user_row_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "webgis_instances_changed" AFTER INSERT OR UPDATE OR DELETE ON "webgis_instances"
  FOR EACH ROW EXECUTE FUNCTION "portal_user_row_changed"('user_id');
--> statement-breakpoint
-- The subscription read keeps the row (every column, not only what plans are read from)
-- and the price read the open checkout.
CREATE TRIGGER "subscriptions_changed" AFTER INSERT OR UPDATE OR DELETE ON "subscriptions"
  FOR EACH ROW EXECUTE FUNCTION "portal_user_row_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "checkouts_changed" AFTER INSERT OR UPDATE OR DELETE ON "checkouts"
  FOR EACH ROW EXECUTE FUNCTION "portal_user_row_changed"('user_id');
