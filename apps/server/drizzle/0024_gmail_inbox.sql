-- Issue 25: replies and bounces read from a sender's own Gmail. google_grants records when the
-- gmail.readonly scope was granted (asked with compose); gmail_inbox_checks keeps how far each
-- sender's inbox has been read and when it is due again.
CREATE TABLE "gmail_inbox_checks" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"checked_until" timestamp with time zone NOT NULL,
	"recent_message_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "google_grants" ADD COLUMN "inbox_read_granted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gmail_inbox_checks" ADD CONSTRAINT "gmail_inbox_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;