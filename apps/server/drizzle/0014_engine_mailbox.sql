ALTER TABLE "mail_messages" ADD COLUMN "from_user_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "html_body" text;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;