CREATE TABLE "merges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"spreadsheet_id" uuid,
	"sheet_id" text NOT NULL,
	"spreadsheet_name" text NOT NULL,
	"sheet_name" text NOT NULL,
	"email_column" text NOT NULL,
	"subject" text NOT NULL,
	"body_html" text NOT NULL,
	"sender_name" text,
	"reply_to" text,
	"cc_column" text,
	"bcc_column" text,
	"campaign_id" uuid,
	"scheduled_merge_id" uuid,
	"status" text DEFAULT 'SCHEDULED' NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"skipped" jsonb DEFAULT '{"invalid":0,"duplicate":0,"suppressed":0}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merges_status_check" CHECK ("merges"."status" IN ('SCHEDULED', 'SENDING', 'WAITING_FOR_QUOTA', 'COMPLETED', 'CANCELED', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "sender_daily_quota" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sender_daily_quota_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "sender_daily_quota_used_check" CHECK ("sender_daily_quota"."used" >= 0)
);
--> statement-breakpoint
CREATE TABLE "spreadsheet_rows" (
	"spreadsheet_id" uuid NOT NULL,
	"sheet_id" text NOT NULL,
	"row_number" integer NOT NULL,
	"cells" jsonb NOT NULL,
	CONSTRAINT "spreadsheet_rows_spreadsheet_id_sheet_id_row_number_pk" PRIMARY KEY("spreadsheet_id","sheet_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "spreadsheet_sheets" (
	"spreadsheet_id" uuid NOT NULL,
	"sheet_id" text NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"header" jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"email_column" text,
	CONSTRAINT "spreadsheet_sheets_spreadsheet_id_sheet_id_pk" PRIMARY KEY("spreadsheet_id","sheet_id"),
	CONSTRAINT "spreadsheet_sheets_row_count_check" CHECK ("spreadsheet_sheets"."row_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "spreadsheets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spreadsheets_source_check" CHECK ("spreadsheets"."source" IN ('UPLOAD', 'GOOGLE_SHEETS'))
);
--> statement-breakpoint
ALTER TABLE "campaign_recipients" DROP CONSTRAINT "campaign_recipients_status_check";--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "row_number" integer;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "merges" ADD CONSTRAINT "merges_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merges" ADD CONSTRAINT "merges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merges" ADD CONSTRAINT "merges_spreadsheet_id_spreadsheets_id_fk" FOREIGN KEY ("spreadsheet_id") REFERENCES "public"."spreadsheets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merges" ADD CONSTRAINT "merges_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merges" ADD CONSTRAINT "merges_scheduled_merge_id_scheduled_merges_id_fk" FOREIGN KEY ("scheduled_merge_id") REFERENCES "public"."scheduled_merges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_daily_quota" ADD CONSTRAINT "sender_daily_quota_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spreadsheet_rows" ADD CONSTRAINT "spreadsheet_rows_sheet_fk" FOREIGN KEY ("spreadsheet_id","sheet_id") REFERENCES "public"."spreadsheet_sheets"("spreadsheet_id","sheet_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spreadsheet_sheets" ADD CONSTRAINT "spreadsheet_sheets_spreadsheet_id_spreadsheets_id_fk" FOREIGN KEY ("spreadsheet_id") REFERENCES "public"."spreadsheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spreadsheets" ADD CONSTRAINT "spreadsheets_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spreadsheets" ADD CONSTRAINT "spreadsheets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merges_user_id_created_at_idx" ON "merges" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "merges_campaign_id_idx" ON "merges" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "merges_scheduled_merge_id_idx" ON "merges" USING btree ("scheduled_merge_id");--> statement-breakpoint
CREATE INDEX "spreadsheets_user_id_created_at_idx" ON "spreadsheets" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "campaign_recipients_pending_idx" ON "campaign_recipients" USING btree ("campaign_id","row_number") WHERE "campaign_recipients"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "campaign_recipients_sending_idx" ON "campaign_recipients" USING btree ("claimed_at") WHERE "campaign_recipients"."status" = 'SENDING';--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_status_check" CHECK ("campaign_recipients"."status" IN ('PENDING', 'SENDING', 'UNKNOWN', 'SENT', 'OPENED', 'CLICKED', 'RESPONDED', 'UNSUBSCRIBED', 'BOUNCED', 'FAILED'));