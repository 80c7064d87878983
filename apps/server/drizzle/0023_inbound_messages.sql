-- Issue 25: what comes back by mail. inbound_messages keeps each applied DSN, complaint, reply or
-- mailto: unsubscribe by its Message-ID (unique: read twice, applied once); a recipient row counts
-- its soft bounces (the third is a hard bounce) and its complaint, a campaign its complaints.
CREATE TABLE "inbound_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" text NOT NULL,
	"kind" text NOT NULL,
	"workspace_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_messages_message_id_unique" UNIQUE("message_id"),
	CONSTRAINT "inbound_messages_kind_check" CHECK ("inbound_messages"."kind" IN ('hard-bounce', 'soft-bounce', 'complaint', 'reply', 'auto-reply', 'unsubscribe'))
);
--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "complained_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "soft_bounces" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "complained_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_recipient_id_campaign_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."campaign_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbound_messages_recipient_id_idx" ON "inbound_messages" USING btree ("recipient_id");--> statement-breakpoint
CREATE INDEX "inbound_messages_workspace_id_idx" ON "inbound_messages" USING btree ("workspace_id");--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_complained_count_check" CHECK ("campaigns"."complained_count" >= 0);