-- Billing's columns that hold one of a list (plan, interval, currency, provider, the
-- kinds and statuses of payments) and the web GIS instance's checked plan refuse any
-- other value, as plans.id, plan_prices, checkouts.kind and the instance's state did
-- already (docs/decisions/0027). Adding a CHECK reads every row and changes none: a
-- row outside its list stops the migration, and with it the start, instead of being
-- altered or dropped.
ALTER TABLE "autopayments" ADD CONSTRAINT "autopayments_provider_known" CHECK ("autopayments"."provider" in ('yookassa', 'stripe'));--> statement-breakpoint
ALTER TABLE "autopayments" ADD CONSTRAINT "autopayments_status_known" CHECK ("autopayments"."status" in ('pending', 'active', 'failed', 'canceled'));--> statement-breakpoint
ALTER TABLE "autopayments" ADD CONSTRAINT "autopayments_plan_known" CHECK ("autopayments"."plan" in ('free', 'mini', 'premium'));--> statement-breakpoint
ALTER TABLE "autopayments" ADD CONSTRAINT "autopayments_interval_known" CHECK ("autopayments"."interval" in ('monthly', 'yearly'));--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_provider_known" CHECK ("checkouts"."provider" in ('yookassa', 'stripe'));--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_status_known" CHECK ("checkouts"."status" in ('pending', 'submitted', 'paid', 'failed', 'canceled', 'expired'));--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_plan_known" CHECK ("checkouts"."plan" in ('free', 'mini', 'premium'));--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_interval_known" CHECK ("checkouts"."interval" in ('monthly', 'yearly'));--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_currency_known" CHECK ("checkouts"."currency" in ('rub', 'usd', 'eur'));--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD CONSTRAINT "invoice_requests_plan_known" CHECK ("invoice_requests"."plan" in ('free', 'mini', 'premium'));--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD CONSTRAINT "invoice_requests_currency_known" CHECK ("invoice_requests"."currency" in ('rub', 'usd', 'eur'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_known" CHECK ("subscriptions"."plan" in ('free', 'mini', 'premium'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_interval_known" CHECK ("subscriptions"."interval" in ('monthly', 'yearly'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_currency_known" CHECK ("subscriptions"."currency" in ('rub', 'usd', 'eur'));--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_provider_known" CHECK ("webhook_events"."provider" in ('yookassa', 'stripe'));--> statement-breakpoint
ALTER TABLE "webgis_instances" ADD CONSTRAINT "webgis_instances_checked_plan_known" CHECK ("webgis_instances"."checked_plan" in ('free', 'mini', 'premium'));