-- Issue 24. A scheduled merge keeps its sheet's link, as a sent one does: a Google Sheet's page,
-- or empty for an uploaded file (which has no page; its rows download as CSV). Rows already there
-- are filled in once: their spreadsheet id is one of our uuids for an upload and Google's id (44
-- letters, digits, '-' and '_', never shaped like a uuid) for a Google Sheet.
ALTER TABLE "scheduled_merges" ADD COLUMN "spreadsheet_link" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "scheduled_merges" SET "spreadsheet_link" = 'https://docs.google.com/spreadsheets/d/' || "spreadsheet_id" || '/edit#gid=' || "sheet_id" WHERE "spreadsheet_id" !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';--> statement-breakpoint
ALTER TABLE "scheduled_merges" ALTER COLUMN "spreadsheet_link" DROP DEFAULT;--> statement-breakpoint
-- The name the sender gave a merge; null keeps the spec's 'spreadsheet name - sheet name'.
ALTER TABLE "merges" ADD COLUMN "title" text;
