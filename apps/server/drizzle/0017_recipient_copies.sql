ALTER TABLE "campaign_recipients" ADD COLUMN "cc" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "bcc" text[] DEFAULT '{}'::text[] NOT NULL;
