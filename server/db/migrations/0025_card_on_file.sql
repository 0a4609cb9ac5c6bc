ALTER TABLE "checkouts" DROP CONSTRAINT "checkouts_kind_known";--> statement-breakpoint
ALTER TABLE "autopayments" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "autopayments" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "autopayments" ADD COLUMN "card_exp_month" integer;--> statement-breakpoint
ALTER TABLE "autopayments" ADD COLUMN "card_exp_year" integer;--> statement-breakpoint
ALTER TABLE "autopayments" ADD COLUMN "card_return_url" text;--> statement-breakpoint
ALTER TABLE "autopayments" ADD CONSTRAINT "autopayments_card_whole" CHECK (("autopayments"."card_brand" is null) = ("autopayments"."card_last4" is null) and ("autopayments"."card_last4" is null) = ("autopayments"."card_exp_month" is null) and ("autopayments"."card_exp_month" is null) = ("autopayments"."card_exp_year" is null));--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_kind_known" CHECK ("checkouts"."kind" in ('create', 'change', 'renewal', 'card'));