-- Issue 26, the send guard. A merge can be PAUSED (by its sender or an admin, or by the circuit
-- breaker) with when and why; each sending domain keeps its last pre-flight check (SPF, DKIM, DMARC).
CREATE TABLE "sending_domain_checks" (
	"domain" text PRIMARY KEY NOT NULL,
	"outcome" text NOT NULL,
	"result" jsonb NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sending_domain_checks_outcome_check" CHECK ("sending_domain_checks"."outcome" IN ('PASS', 'FAIL', 'UNCHECKED'))
);
--> statement-breakpoint
ALTER TABLE "merges" DROP CONSTRAINT "merges_status_check";--> statement-breakpoint
ALTER TABLE "merges" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merges" ADD COLUMN "pause_reason" text;--> statement-breakpoint
ALTER TABLE "merges" ADD COLUMN "pause_details" text;--> statement-breakpoint
ALTER TABLE "merges" ADD CONSTRAINT "merges_pause_reason_check" CHECK ("merges"."pause_reason" IN ('MANUAL', 'BOUNCE_RATE', 'COMPLAINT', 'POLICY_REJECTION'));--> statement-breakpoint
ALTER TABLE "merges" ADD CONSTRAINT "merges_status_check" CHECK ("merges"."status" IN ('SCHEDULED', 'SENDING', 'WAITING_FOR_QUOTA', 'PAUSED', 'COMPLETED', 'CANCELED', 'FAILED'));