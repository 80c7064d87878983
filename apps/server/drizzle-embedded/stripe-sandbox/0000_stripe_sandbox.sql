CREATE TABLE IF NOT EXISTS "sandbox_stripe_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"object" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sandbox_stripe_requests" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sandbox_stripe_objects_object_idx" ON "sandbox_stripe_objects" USING btree ("object","created_at");