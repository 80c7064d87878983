ALTER TABLE "mail_messages" ADD COLUMN "from_user_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "html_body" text;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_messages_from_user_id_created_at_idx" ON "mail_messages" USING btree ("from_user_id","created_at" DESC NULLS LAST) WHERE "mail_messages"."from_user_id" IS NOT NULL;