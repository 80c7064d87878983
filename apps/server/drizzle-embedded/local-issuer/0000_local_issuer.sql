CREATE TABLE IF NOT EXISTS "oidc_payloads" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_payloads_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "oidc_payloads_uid_idx" ON "oidc_payloads" USING btree ("model","uid");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "oidc_payloads_user_code_idx" ON "oidc_payloads" USING btree ("model","user_code");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "oidc_payloads_grant_id_idx" ON "oidc_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "oidc_payloads_expires_at_idx" ON "oidc_payloads" USING btree ("expires_at");