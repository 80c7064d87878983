ALTER TABLE "mail_messages" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE INDEX "mail_messages_due_idx" ON "mail_messages" USING btree ("next_attempt_at") WHERE "mail_messages"."status" = 'QUEUED';--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_attempts_check" CHECK ("mail_messages"."attempts" >= 0);