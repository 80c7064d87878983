ALTER TABLE "subscriptions" ADD COLUMN "change_lease_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "change_lease_until" timestamp with time zone;