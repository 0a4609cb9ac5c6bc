CREATE TABLE "payments" (
	"checkout_id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"plan" text NOT NULL,
	"interval" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"coupon" text DEFAULT '' NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payments_status_known" CHECK ("payments"."status" in ('paid', 'failed')),
	CONSTRAINT "payments_provider_known" CHECK ("payments"."provider" in ('yookassa', 'stripe')),
	CONSTRAINT "payments_plan_known" CHECK ("payments"."plan" in ('free', 'mini', 'premium')),
	CONSTRAINT "payments_interval_known" CHECK ("payments"."interval" in ('monthly', 'yearly')),
	CONSTRAINT "payments_currency_known" CHECK ("payments"."currency" in ('rub', 'usd', 'eur')),
	CONSTRAINT "payments_discount_not_negative" CHECK ("payments"."discount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_user_id_created_at_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
-- The settled card checkouts so far: paid ones with the period they bought (from their
-- settlement, as the grant computed it), failed ones without. A promo code's discount is
-- the plan's price today less the amount paid (the price then was not kept).
INSERT INTO "payments" ("checkout_id", "user_id", "status", "provider", "plan", "interval", "amount", "currency", "discount", "coupon", "period_start", "period_end", "created_at")
SELECT c."id", c."user_id", c."status", c."provider", c."plan", c."interval", c."amount", c."currency",
	CASE WHEN c."coupon" = '' THEN 0 ELSE greatest(coalesce(p."discounted_amount", p."amount", c."amount") - c."amount", 0) END,
	c."coupon",
	CASE WHEN c."status" = 'paid' THEN c."settled_at" END,
	CASE WHEN c."status" = 'paid' THEN c."settled_at" + (CASE WHEN c."interval" = 'monthly' THEN interval '1 month' ELSE interval '1 year' END) + make_interval(days => c."additional_days") END,
	coalesce(c."settled_at", c."created_at")
FROM "checkouts" c
LEFT JOIN "plan_prices" p ON p."plan_id" = c."plan" AND p."interval" = c."interval" AND p."currency" = c."currency"
WHERE c."status" IN ('paid', 'failed');
