CREATE TABLE "sender_monthly_sent" (
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"month" date NOT NULL,
	"sent" integer NOT NULL,
	"last_sent_at" timestamp with time zone,
	CONSTRAINT "sender_monthly_sent_workspace_id_user_id_month_pk" PRIMARY KEY("workspace_id","user_id","month")
);
--> statement-breakpoint
ALTER TABLE "sender_monthly_sent" ADD CONSTRAINT "sender_monthly_sent_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_monthly_sent" ADD CONSTRAINT "sender_monthly_sent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sender_monthly_sent_user_id_month_idx" ON "sender_monthly_sent" USING btree ("user_id","month");--> statement-breakpoint
-- Recipients: a statement's sends (rows with sent_at) are added and those it removes or moves
-- are taken away, grouped by space, sender and month. Statement-level triggers with transition
-- tables make a bulk load of a million recipients one grouped upsert, not a million. Rows are
-- upserted in key order, so two concurrent statements lock them in the same order (no deadlock).
CREATE FUNCTION sender_monthly_sent_from_recipients() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO sender_monthly_sent AS s (workspace_id, user_id, month, sent, last_sent_at)
    SELECT c.workspace_id, c.user_id, date_trunc('month', ch.sent_at AT TIME ZONE 'UTC')::date,
           sum(ch.n), max(ch.sent_at) FILTER (WHERE ch.n > 0)
      FROM (SELECT campaign_id, sent_at, 1 AS n FROM new_rows WHERE sent_at IS NOT NULL) ch
      JOIN campaigns c ON c.id = ch.campaign_id AND NOT c.is_form_notification
     GROUP BY 1, 2, 3
    HAVING sum(ch.n) <> 0
     ORDER BY 1, 2, 3
    ON CONFLICT (workspace_id, user_id, month) DO UPDATE
       SET sent = s.sent + excluded.sent,
           last_sent_at = greatest(s.last_sent_at, excluded.last_sent_at);
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO sender_monthly_sent AS s (workspace_id, user_id, month, sent, last_sent_at)
    SELECT c.workspace_id, c.user_id, date_trunc('month', ch.sent_at AT TIME ZONE 'UTC')::date,
           sum(ch.n), max(ch.sent_at) FILTER (WHERE ch.n > 0)
      FROM (SELECT campaign_id, sent_at, 1 AS n FROM new_rows WHERE sent_at IS NOT NULL
            UNION ALL
            SELECT campaign_id, sent_at, -1 FROM old_rows WHERE sent_at IS NOT NULL) ch
      JOIN campaigns c ON c.id = ch.campaign_id AND NOT c.is_form_notification
     GROUP BY 1, 2, 3
    HAVING sum(ch.n) <> 0
     ORDER BY 1, 2, 3
    ON CONFLICT (workspace_id, user_id, month) DO UPDATE
       SET sent = s.sent + excluded.sent,
           last_sent_at = greatest(s.last_sent_at, excluded.last_sent_at);
  ELSE
    INSERT INTO sender_monthly_sent AS s (workspace_id, user_id, month, sent, last_sent_at)
    SELECT c.workspace_id, c.user_id, date_trunc('month', ch.sent_at AT TIME ZONE 'UTC')::date,
           sum(ch.n), max(ch.sent_at) FILTER (WHERE ch.n > 0)
      FROM (SELECT campaign_id, sent_at, -1 AS n FROM old_rows WHERE sent_at IS NOT NULL) ch
      JOIN campaigns c ON c.id = ch.campaign_id AND NOT c.is_form_notification
     GROUP BY 1, 2, 3
    HAVING sum(ch.n) <> 0
     ORDER BY 1, 2, 3
    ON CONFLICT (workspace_id, user_id, month) DO UPDATE
       SET sent = s.sent + excluded.sent,
           last_sent_at = greatest(s.last_sent_at, excluded.last_sent_at);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER campaign_recipients_sent_inserted AFTER INSERT ON campaign_recipients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sender_monthly_sent_from_recipients();
--> statement-breakpoint
CREATE TRIGGER campaign_recipients_sent_updated AFTER UPDATE ON campaign_recipients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sender_monthly_sent_from_recipients();
--> statement-breakpoint
CREATE TRIGGER campaign_recipients_sent_deleted AFTER DELETE ON campaign_recipients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sender_monthly_sent_from_recipients();
--> statement-breakpoint
-- Campaigns: a campaign that changes space, sender or form-notification flag moves its sends;
-- a deleted one takes them away before its recipients go (their cascade then finds no campaign).
CREATE FUNCTION sender_monthly_sent_from_campaign() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT OLD.is_form_notification THEN
    UPDATE sender_monthly_sent s SET sent = s.sent - m.sent
      FROM (SELECT date_trunc('month', sent_at AT TIME ZONE 'UTC')::date AS month, count(*)::int AS sent
              FROM campaign_recipients WHERE campaign_id = OLD.id AND sent_at IS NOT NULL GROUP BY 1) m
     WHERE s.workspace_id = OLD.workspace_id AND s.user_id = OLD.user_id AND s.month = m.month;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  IF NOT NEW.is_form_notification THEN
    INSERT INTO sender_monthly_sent AS s (workspace_id, user_id, month, sent, last_sent_at)
    SELECT NEW.workspace_id, NEW.user_id, date_trunc('month', sent_at AT TIME ZONE 'UTC')::date, count(*), max(sent_at)
      FROM campaign_recipients WHERE campaign_id = NEW.id AND sent_at IS NOT NULL GROUP BY 3
    ON CONFLICT (workspace_id, user_id, month) DO UPDATE
       SET sent = s.sent + excluded.sent,
           last_sent_at = greatest(s.last_sent_at, excluded.last_sent_at);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER campaigns_sent_moved AFTER UPDATE OF workspace_id, user_id, is_form_notification ON campaigns
  FOR EACH ROW WHEN ((OLD.workspace_id, OLD.user_id, OLD.is_form_notification) IS DISTINCT FROM (NEW.workspace_id, NEW.user_id, NEW.is_form_notification))
  EXECUTE FUNCTION sender_monthly_sent_from_campaign();
--> statement-breakpoint
CREATE TRIGGER campaigns_sent_deleted BEFORE DELETE ON campaigns
  FOR EACH ROW EXECUTE FUNCTION sender_monthly_sent_from_campaign();
--> statement-breakpoint
-- What was sent before this migration.
INSERT INTO sender_monthly_sent (workspace_id, user_id, month, sent, last_sent_at)
SELECT c.workspace_id, c.user_id, date_trunc('month', r.sent_at AT TIME ZONE 'UTC')::date, count(*), max(r.sent_at)
  FROM campaign_recipients r JOIN campaigns c ON c.id = r.campaign_id
 WHERE r.sent_at IS NOT NULL AND NOT c.is_form_notification
 GROUP BY 1, 2, 3;
