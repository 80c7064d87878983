CREATE TABLE "identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"picture_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "identities_issuer_subject_unique" UNIQUE("issuer","subject")
);
--> statement-breakpoint
CREATE TABLE "rollout_status" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"is_registered" boolean DEFAULT true NOT NULL,
	"is_eligible" boolean DEFAULT true NOT NULL,
	"is_per_seat" boolean DEFAULT true NOT NULL,
	"user_v2" boolean DEFAULT true NOT NULL,
	"last_activated_step" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rollout_status_last_activated_step_check" CHECK ("rollout_status"."last_activated_step" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"id_token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"user_agent" text,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"profile_picture_url" text,
	"is_personal" boolean DEFAULT false NOT NULL,
	"installation_timestamp" timestamp with time zone,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"free_user_quota" integer DEFAULT 20 NOT NULL,
	"addon_workspace_id" uuid,
	"domain" text,
	"create_source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_email_lowercase" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_domain_lowercase" CHECK ("users"."domain" = lower("users"."domain")),
	CONSTRAINT "users_status_check" CHECK ("users"."status" IN ('ACTIVE', 'DISABLED')),
	CONSTRAINT "users_create_source_check" CHECK ("users"."create_source" IN ('WEBAPP', 'ADDON')),
	CONSTRAINT "users_free_user_quota_check" CHECK ("users"."free_user_quota" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"invited_by_user_id" uuid,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "invitations_email_lowercase" CHECK ("invitations"."email" = lower("invitations"."email")),
	CONSTRAINT "invitations_status_check" CHECK ("invitations"."status" IN ('PENDING', 'ACCEPTED', 'CANCELED', 'EXPIRED'))
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'MEMBER' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"user_plan" text DEFAULT 'FREE' NOT NULL,
	"seat_type" text DEFAULT 'ADDED_YAMM_USER' NOT NULL,
	"free_trial_end" timestamp with time zone,
	"is_paid" boolean DEFAULT false NOT NULL,
	"to_be_removed" boolean DEFAULT false NOT NULL,
	"last_become_paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_workspace_id_user_id_unique" UNIQUE("workspace_id","user_id"),
	CONSTRAINT "memberships_role_check" CHECK ("memberships"."role" IN ('MEMBER', 'ADMIN', 'OWNER')),
	CONSTRAINT "memberships_status_check" CHECK ("memberships"."status" IN ('ACTIVE', 'ACCEPTED', 'PENDING', 'DISABLED', 'FREE_TRIAL', 'LEGACY')),
	CONSTRAINT "memberships_user_plan_check" CHECK ("memberships"."user_plan" IN ('FREE', 'PRO', 'PRO_PERSONAL')),
	CONSTRAINT "memberships_seat_type_check" CHECK ("memberships"."seat_type" IN ('ADDED_YAMM_USER', 'PENDING_YAMM_USER'))
);
--> statement-breakpoint
CREATE TABLE "workspace_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"domain_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_domains_workspace_id_domain_name_unique" UNIQUE("workspace_id","domain_name"),
	CONSTRAINT "workspace_domains_domain_name_lowercase" CHECK ("workspace_domains"."domain_name" = lower("workspace_domains"."domain_name"))
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"plan" text DEFAULT 'FREE' NOT NULL,
	"legacy_type" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"is_per_seat" boolean DEFAULT true NOT NULL,
	"member_invite_user" boolean DEFAULT false NOT NULL,
	"free_has_multi_domain" boolean DEFAULT false NOT NULL,
	"free_allowed_user_count" integer DEFAULT 1 NOT NULL,
	"pro_has_multi_domain" boolean DEFAULT false NOT NULL,
	"pro_allowed_user_count" integer DEFAULT -1 NOT NULL,
	"pro_personal_has_multi_domain" boolean DEFAULT false NOT NULL,
	"pro_personal_allowed_user_count" integer DEFAULT -1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspaces_name_check" CHECK (btrim("workspaces"."name") <> '' AND char_length("workspaces"."name") <= 255),
	CONSTRAINT "workspaces_slug_check" CHECK ("workspaces"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "workspaces_plan_check" CHECK ("workspaces"."plan" IN ('FREE', 'PRO', 'PREMIUM', 'LEGACY')),
	CONSTRAINT "workspaces_legacy_type_check" CHECK ("workspaces"."legacy_type" IN ('TEAM', 'UNLIMITED', 'PROFESSIONAL', 'PERSONAL')),
	CONSTRAINT "workspaces_legacy_type_plan_check" CHECK ("workspaces"."legacy_type" IS NULL OR "workspaces"."plan" = 'LEGACY'),
	CONSTRAINT "workspaces_status_check" CHECK ("workspaces"."status" IN ('ACTIVE', 'LEGACY', 'DISABLED')),
	CONSTRAINT "workspaces_allowed_user_counts_check" CHECK ("workspaces"."free_allowed_user_count" >= -1 AND "workspaces"."pro_allowed_user_count" >= -1 AND "workspaces"."pro_personal_allowed_user_count" >= -1)
);
--> statement-breakpoint
CREATE TABLE "checkout_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid,
	"provider" text NOT NULL,
	"provider_session_id" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"workspace_plan" text NOT NULL,
	"billing_interval" text NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"purchase_type" text DEFAULT 'B2C' NOT NULL,
	"customer_name" text,
	"company_name" text,
	"vat_number" text,
	"address" jsonb NOT NULL,
	"plans" jsonb NOT NULL,
	"amount_total" integer,
	"tax_rate" numeric(6, 3),
	"go_back_url" text,
	"subscription_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_sessions_provider_session_id_unique" UNIQUE("provider","provider_session_id"),
	CONSTRAINT "checkout_sessions_status_check" CHECK ("checkout_sessions"."status" IN ('OPEN', 'COMPLETE', 'EXPIRED')),
	CONSTRAINT "checkout_sessions_workspace_plan_check" CHECK ("checkout_sessions"."workspace_plan" IN ('FREE', 'PRO', 'PREMIUM', 'LEGACY')),
	CONSTRAINT "checkout_sessions_billing_interval_check" CHECK ("checkout_sessions"."billing_interval" IN ('MONTHLY', 'YEARLY')),
	CONSTRAINT "checkout_sessions_currency_check" CHECK ("checkout_sessions"."currency" IN ('USD', 'EUR', 'INR')),
	CONSTRAINT "checkout_sessions_purchase_type_check" CHECK ("checkout_sessions"."purchase_type" IN ('B2C', 'B2B'))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"provider_invoice_id" text,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"amount_due" integer NOT NULL,
	"amount_paid" integer DEFAULT 0 NOT NULL,
	"hosted_invoice_url" text,
	"payment_intent_status" text,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_provider_invoice_id_unique" UNIQUE("provider_invoice_id"),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" IN ('DRAFT', 'OPEN', 'PAID', 'VOID', 'UNCOLLECTIBLE')),
	CONSTRAINT "invoices_currency_check" CHECK ("invoices"."currency" IN ('USD', 'EUR', 'INR')),
	CONSTRAINT "invoices_amounts_check" CHECK ("invoices"."amount_due" >= 0 AND "invoices"."amount_paid" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_plan_tiers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_plan_id" uuid NOT NULL,
	"up_to" integer,
	"unit_amount" integer NOT NULL,
	CONSTRAINT "payment_plan_tiers_payment_plan_id_up_to_unique" UNIQUE NULLS NOT DISTINCT("payment_plan_id","up_to"),
	CONSTRAINT "payment_plan_tiers_up_to_check" CHECK ("payment_plan_tiers"."up_to" IS NULL OR "payment_plan_tiers"."up_to" > 0),
	CONSTRAINT "payment_plan_tiers_unit_amount_check" CHECK ("payment_plan_tiers"."unit_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stripe_price_id" text NOT NULL,
	"list_price_plan" text,
	"workspace_plan" text NOT NULL,
	"user_plan" text,
	"billing_interval" text NOT NULL,
	"currency" text NOT NULL,
	"is_per_seat" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_plans_stripe_price_id_unique" UNIQUE("stripe_price_id"),
	CONSTRAINT "payment_plans_list_price_plan_check" CHECK ("payment_plans"."list_price_plan" IN ('PERSONAL', 'PROFESSIONAL', 'TEAM_5', 'TEAM_10', 'TEAM_25', 'TEAM_50', 'TEAM_100')),
	CONSTRAINT "payment_plans_workspace_plan_check" CHECK ("payment_plans"."workspace_plan" IN ('FREE', 'PRO', 'PREMIUM', 'LEGACY')),
	CONSTRAINT "payment_plans_user_plan_check" CHECK ("payment_plans"."user_plan" IN ('FREE', 'PRO', 'PRO_PERSONAL')),
	CONSTRAINT "payment_plans_billing_interval_check" CHECK ("payment_plans"."billing_interval" IN ('MONTHLY', 'YEARLY')),
	CONSTRAINT "payment_plans_currency_check" CHECK ("payment_plans"."currency" IN ('USD', 'EUR', 'INR')),
	CONSTRAINT "payment_plans_status_check" CHECK ("payment_plans"."status" IN ('ACTIVE', 'ARCHIVED'))
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "provider_events_provider_event_id_unique" UNIQUE("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "scheduled_seat_removals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"payment_plan_id" uuid NOT NULL,
	"target_seats_quantity" integer NOT NULL,
	"target_subscription_amount" integer,
	"remove_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_seat_removals_status_check" CHECK ("scheduled_seat_removals"."status" IN ('PENDING', 'APPLIED', 'CANCELED')),
	CONSTRAINT "scheduled_seat_removals_target_check" CHECK ("scheduled_seat_removals"."target_seats_quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "subscription_payment_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"payment_plan_id" uuid NOT NULL,
	"user_plan" text NOT NULL,
	"legal_entity" text,
	"allowed_quantity" integer NOT NULL,
	"total_seats" integer NOT NULL,
	"assigned_seats" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_payment_plans_subscription_id_payment_plan_id_unique" UNIQUE("subscription_id","payment_plan_id"),
	CONSTRAINT "subscription_payment_plans_user_plan_check" CHECK ("subscription_payment_plans"."user_plan" IN ('FREE', 'PRO', 'PRO_PERSONAL')),
	CONSTRAINT "subscription_payment_plans_legal_entity_check" CHECK ("subscription_payment_plans"."legal_entity" IN ('BE', 'US')),
	CONSTRAINT "subscription_payment_plans_seats_check" CHECK ("subscription_payment_plans"."allowed_quantity" >= -1 AND "subscription_payment_plans"."total_seats" >= -1 AND "subscription_payment_plans"."assigned_seats" >= 0
        AND ("subscription_payment_plans"."total_seats" = -1 OR "subscription_payment_plans"."assigned_seats" <= "subscription_payment_plans"."total_seats"))
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"status" text NOT NULL,
	"payment_source" text NOT NULL,
	"purchase_type" text,
	"billing_interval" text NOT NULL,
	"workspace_plan" text NOT NULL,
	"country" text,
	"currency" text DEFAULT 'USD' NOT NULL,
	"tax_rate" numeric(6, 3) DEFAULT 0 NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"auto_renew" boolean DEFAULT true NOT NULL,
	"company_name" text,
	"coupon_id" text,
	"coupon_duration" text,
	"coupon_percent_off" numeric(5, 2),
	"provider_customer_id" text,
	"provider_subscription_id" text,
	"provider_schedule_id" text,
	"scheduled_billing_interval" text,
	"scheduled_change_at" timestamp with time zone,
	"subscribed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_provider_subscription_id_unique" UNIQUE("provider_subscription_id"),
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" IN ('ACTIVE', 'CANCELED', 'INCOMPLETE', 'PAST_DUE')),
	CONSTRAINT "subscriptions_payment_source_check" CHECK ("subscriptions"."payment_source" IN ('STRIPE', 'PAYPAL', 'SUPPORT', 'OFFLINE', 'OTHER')),
	CONSTRAINT "subscriptions_purchase_type_check" CHECK ("subscriptions"."purchase_type" IN ('B2C', 'B2B')),
	CONSTRAINT "subscriptions_billing_interval_check" CHECK ("subscriptions"."billing_interval" IN ('MONTHLY', 'YEARLY')),
	CONSTRAINT "subscriptions_workspace_plan_check" CHECK ("subscriptions"."workspace_plan" IN ('FREE', 'PRO', 'PREMIUM', 'LEGACY')),
	CONSTRAINT "subscriptions_currency_check" CHECK ("subscriptions"."currency" IN ('USD', 'EUR', 'INR')),
	CONSTRAINT "subscriptions_country_check" CHECK ("subscriptions"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "subscriptions_coupon_duration_check" CHECK ("subscriptions"."coupon_duration" IN ('forever', 'repeating', 'once')),
	CONSTRAINT "subscriptions_scheduled_billing_interval_check" CHECK ("subscriptions"."scheduled_billing_interval" IN ('MONTHLY', 'YEARLY')),
	CONSTRAINT "subscriptions_scheduled_change_check" CHECK (("subscriptions"."scheduled_billing_interval" IS NULL) = ("subscriptions"."scheduled_change_at" IS NULL)),
	CONSTRAINT "subscriptions_amounts_check" CHECK ("subscriptions"."amount" >= 0 AND "subscriptions"."discount" >= 0),
	CONSTRAINT "subscriptions_period_check" CHECK ("subscriptions"."end_at" >= "subscriptions"."start_at")
);
--> statement-breakpoint
CREATE TABLE "campaign_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"clicked_at" timestamp with time zone,
	"bounced_at" timestamp with time zone,
	"responded_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "campaign_recipients_campaign_id_email_unique" UNIQUE("campaign_id","email"),
	CONSTRAINT "campaign_recipients_email_lowercase" CHECK ("campaign_recipients"."email" = lower("campaign_recipients"."email")),
	CONSTRAINT "campaign_recipients_status_check" CHECK ("campaign_recipients"."status" IN ('PENDING', 'SENT', 'OPENED', 'CLICKED', 'RESPONDED', 'UNSUBSCRIBED', 'BOUNCED', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"spreadsheet_id" text NOT NULL,
	"spreadsheet_name" text NOT NULL,
	"sheet_id" text NOT NULL,
	"sheet_name" text NOT NULL,
	"merge_source_sheet_key" text NOT NULL,
	"spreadsheet_link" text NOT NULL,
	"email_subject" text,
	"is_form_notification" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_email_sent_at" timestamp with time zone NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"opened_count" integer DEFAULT 0 NOT NULL,
	"clicked_count" integer DEFAULT 0 NOT NULL,
	"bounced_count" integer DEFAULT 0 NOT NULL,
	"responded_count" integer DEFAULT 0 NOT NULL,
	"unsubscribed_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaigns_counters_check" CHECK ("campaigns"."sent_count" >= 0 AND "campaigns"."opened_count" >= 0 AND "campaigns"."clicked_count" >= 0
        AND "campaigns"."bounced_count" >= 0 AND "campaigns"."responded_count" >= 0 AND "campaigns"."unsubscribed_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "poll_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"answer" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "poll_answers_campaign_id_answer_unique" UNIQUE("campaign_id","answer"),
	CONSTRAINT "poll_answers_count_check" CHECK ("poll_answers"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "scheduled_merges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"spreadsheet_id" text NOT NULL,
	"sheet_id" text NOT NULL,
	"sheet_name" text NOT NULL,
	"spreadsheet_name" text NOT NULL,
	"title" text NOT NULL,
	"merge_time" timestamp with time zone,
	"status" text DEFAULT 'SCHEDULED' NOT NULL,
	"error" text,
	"error_details" text,
	"recoverable_error_retries" integer DEFAULT 0 NOT NULL,
	"recoverable_error_last_retry_at" timestamp with time zone,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"to_send_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_merges_user_id_spreadsheet_id_sheet_id_unique" UNIQUE("user_id","spreadsheet_id","sheet_id"),
	CONSTRAINT "scheduled_merges_status_check" CHECK ("scheduled_merges"."status" IN ('SCHEDULED', 'IN PROGRESS', 'TOO COMPLEX REGEXP', 'SPREADSHEET DELETED', 'INVALID DRAFT', 'UNKNOWN ERROR', 'DRAFT NOT FOUND', 'NAMED RANGE DELETED', 'USER PROPERTY NOT FOUND', 'SHEET DELETED')),
	CONSTRAINT "scheduled_merges_counts_check" CHECK ("scheduled_merges"."sent_count" >= 0 AND "scheduled_merges"."to_send_count" >= 0 AND "scheduled_merges"."recoverable_error_retries" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bounces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"type" text DEFAULT 'USER' NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text DEFAULT 'HARD' NOT NULL,
	CONSTRAINT "bounces_workspace_id_email_unique" UNIQUE("workspace_id","email"),
	CONSTRAINT "bounces_email_lowercase" CHECK ("bounces"."email" = lower("bounces"."email")),
	CONSTRAINT "bounces_type_check" CHECK ("bounces"."type" IN ('WORKSPACE', 'USER')),
	CONSTRAINT "bounces_kind_check" CHECK ("bounces"."kind" IN ('HARD', 'SOFT'))
);
--> statement-breakpoint
CREATE TABLE "unsubscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"type" text DEFAULT 'USER' NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unsubscriptions_workspace_id_email_unique" UNIQUE("workspace_id","email"),
	CONSTRAINT "unsubscriptions_email_lowercase" CHECK ("unsubscriptions"."email" = lower("unsubscriptions"."email")),
	CONSTRAINT "unsubscriptions_type_check" CHECK ("unsubscriptions"."type" IN ('WORKSPACE', 'USER'))
);
--> statement-breakpoint
CREATE TABLE "drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"template_id" uuid,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"provider_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"image" text NOT NULL,
	"type" text NOT NULL,
	"url" text NOT NULL,
	"product_id" text NOT NULL,
	"project" text NOT NULL,
	"placement" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"thumbnail_url" text NOT NULL,
	"preview_html" text NOT NULL,
	"sort_order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "templates_sort_order_unique" UNIQUE("sort_order")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_type" text NOT NULL,
	"user_id" uuid,
	"workspace_id" uuid,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid,
	"actor_user_id" uuid,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_payloads" (
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
ALTER TABLE "identities" ADD CONSTRAINT "identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollout_status" ADD CONSTRAINT "rollout_status_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_addon_workspace_id_workspaces_id_fk" FOREIGN KEY ("addon_workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_domains" ADD CONSTRAINT "workspace_domains_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plan_tiers" ADD CONSTRAINT "payment_plan_tiers_payment_plan_id_payment_plans_id_fk" FOREIGN KEY ("payment_plan_id") REFERENCES "public"."payment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_seat_removals" ADD CONSTRAINT "scheduled_seat_removals_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_seat_removals" ADD CONSTRAINT "scheduled_seat_removals_payment_plan_id_payment_plans_id_fk" FOREIGN KEY ("payment_plan_id") REFERENCES "public"."payment_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_seat_removals" ADD CONSTRAINT "scheduled_seat_removals_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_payment_plans" ADD CONSTRAINT "subscription_payment_plans_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_payment_plans" ADD CONSTRAINT "subscription_payment_plans_payment_plan_id_payment_plans_id_fk" FOREIGN KEY ("payment_plan_id") REFERENCES "public"."payment_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_answers" ADD CONSTRAINT "poll_answers_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_merges" ADD CONSTRAINT "scheduled_merges_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_merges" ADD CONSTRAINT "scheduled_merges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bounces" ADD CONSTRAINT "bounces_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bounces" ADD CONSTRAINT "bounces_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsubscriptions" ADD CONSTRAINT "unsubscriptions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsubscriptions" ADD CONSTRAINT "unsubscriptions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identities_user_id_idx" ON "identities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_identity_id_idx" ON "sessions" USING btree ("identity_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_addon_workspace_id_idx" ON "users" USING btree ("addon_workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_one_pending_per_email_idx" ON "invitations" USING btree ("workspace_id","email") WHERE "invitations"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "invitations_workspace_id_created_at_idx" ON "invitations" USING btree ("workspace_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_one_owner_per_workspace_idx" ON "memberships" USING btree ("workspace_id") WHERE "memberships"."role" = 'OWNER';--> statement-breakpoint
CREATE INDEX "memberships_user_id_idx" ON "memberships" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "workspace_domains_domain_name_idx" ON "workspace_domains" USING btree ("domain_name");--> statement-breakpoint
CREATE INDEX "checkout_sessions_workspace_id_created_at_idx" ON "checkout_sessions" USING btree ("workspace_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_subscription_id_created_at_idx" ON "invoices" USING btree ("subscription_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_seat_removals_one_pending_idx" ON "scheduled_seat_removals" USING btree ("subscription_id") WHERE "scheduled_seat_removals"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "subscription_payment_plans_payment_plan_id_idx" ON "subscription_payment_plans" USING btree ("payment_plan_id");--> statement-breakpoint
CREATE INDEX "subscriptions_workspace_id_status_idx" ON "subscriptions" USING btree ("workspace_id","status");--> statement-breakpoint
CREATE INDEX "campaigns_workspace_id_last_email_sent_at_idx" ON "campaigns" USING btree ("workspace_id","last_email_sent_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "campaigns_user_id_last_email_sent_at_idx" ON "campaigns" USING btree ("user_id","last_email_sent_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "campaigns_title_trgm_idx" ON "campaigns" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "scheduled_merges_workspace_id_created_at_idx" ON "scheduled_merges" USING btree ("workspace_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "scheduled_merges_merge_time_idx" ON "scheduled_merges" USING btree ("merge_time") WHERE "scheduled_merges"."merge_time" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "bounces_workspace_id_updated_at_idx" ON "bounces" USING btree ("workspace_id","updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bounces_email_trgm_idx" ON "bounces" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "unsubscriptions_workspace_id_updated_at_idx" ON "unsubscriptions" USING btree ("workspace_id","updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "unsubscriptions_email_trgm_idx" ON "unsubscriptions" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "drafts_user_id_created_at_idx" ON "drafts" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "promotions_project_placement_idx" ON "promotions" USING btree ("project","placement");--> statement-breakpoint
CREATE INDEX "analytics_events_event_type_created_at_idx" ON "analytics_events" USING btree ("event_type","created_at");--> statement-breakpoint
CREATE INDEX "analytics_events_created_at_idx" ON "analytics_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_events_workspace_id_created_at_idx" ON "audit_events" USING btree ("workspace_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_events_actor_user_id_idx" ON "audit_events" USING btree ("actor_user_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_uid_idx" ON "oidc_payloads" USING btree ("model","uid");--> statement-breakpoint
CREATE INDEX "oidc_payloads_user_code_idx" ON "oidc_payloads" USING btree ("model","user_code");--> statement-breakpoint
CREATE INDEX "oidc_payloads_grant_id_idx" ON "oidc_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_expires_at_idx" ON "oidc_payloads" USING btree ("expires_at");