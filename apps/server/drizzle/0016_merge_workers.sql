CREATE TABLE "merge_workers" (
	"id" text PRIMARY KEY NOT NULL,
	"job_id" uuid,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
