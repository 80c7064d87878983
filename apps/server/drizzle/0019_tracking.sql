ALTER TABLE "campaigns" DROP CONSTRAINT "campaigns_counters_check";--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "track_opens_default" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "track_clicks_default" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "open_hits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "click_hits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "machine_hits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "poll_answer" smallint;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "click_burst_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "click_burst_links" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "machine_open_hits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "machine_click_hits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merges" ADD COLUMN "track_opens" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "merges" ADD COLUMN "track_clicks" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "merges" ADD COLUMN "unsubscribe_link" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "merges" ADD COLUMN "links" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "merges" ADD COLUMN "poll" jsonb;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_counters_check" CHECK ("campaigns"."sent_count" >= 0 AND "campaigns"."opened_count" >= 0 AND "campaigns"."clicked_count" >= 0
        AND "campaigns"."bounced_count" >= 0 AND "campaigns"."responded_count" >= 0 AND "campaigns"."unsubscribed_count" >= 0
        AND "campaigns"."machine_open_hits" >= 0 AND "campaigns"."machine_click_hits" >= 0);