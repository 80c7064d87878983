CREATE TABLE "sender_daily_deliverability" (
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sent" integer NOT NULL,
	"hard_bounced" integer NOT NULL,
	"complained" integer NOT NULL,
	"unsubscribed" integer NOT NULL,
	CONSTRAINT "sender_daily_deliverability_workspace_id_user_id_day_pk" PRIMARY KEY("workspace_id","user_id","day")
);
--> statement-breakpoint
ALTER TABLE "sender_daily_deliverability" ADD CONSTRAINT "sender_daily_deliverability_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_daily_deliverability" ADD CONSTRAINT "sender_daily_deliverability_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sender_daily_deliverability_workspace_id_day_idx" ON "sender_daily_deliverability" USING btree ("workspace_id","day");--> statement-breakpoint
CREATE INDEX "sender_daily_deliverability_user_id_day_idx" ON "sender_daily_deliverability" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "campaign_recipients_bounced_idx" ON "campaign_recipients" USING btree ("campaign_id","sent_at") INCLUDE ("failure_reason") WHERE "campaign_recipients"."bounced_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "merges_paused_idx" ON "merges" USING btree ("workspace_id","paused_at" DESC NULLS LAST) WHERE "merges"."status" = 'PAUSED';--> statement-breakpoint
-- Recipients: what a statement changes in the sent rows' fates (sent, hard-bounced, complained,
-- unsubscribed) is added by its new rows and taken away by its old ones, grouped by space, sender
-- and the UTC day the message was sent, as in 0005: one grouped upsert per statement, rows
-- upserted in key order so two concurrent statements lock them in the same order (no deadlock).
-- Changes that leave all four counts as they were (a claim, an open, a click) write nothing.
CREATE FUNCTION sender_daily_deliverability_from_recipients() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO sender_daily_deliverability AS s (workspace_id, user_id, day, sent, hard_bounced, complained, unsubscribed)
    SELECT c.workspace_id, c.user_id, (ch.sent_at AT TIME ZONE 'UTC')::date,
           sum(ch.n), sum(ch.n * ch.b), sum(ch.n * ch.c), sum(ch.n * ch.u)
      FROM (SELECT campaign_id, sent_at, 1 AS n, (bounced_at IS NOT NULL)::int AS b,
                   (complained_at IS NOT NULL)::int AS c, (unsubscribed_at IS NOT NULL)::int AS u
              FROM new_rows WHERE sent_at IS NOT NULL) ch
      JOIN campaigns c ON c.id = ch.campaign_id AND NOT c.is_form_notification
     GROUP BY 1, 2, 3
     ORDER BY 1, 2, 3
    ON CONFLICT (workspace_id, user_id, day) DO UPDATE
       SET sent = s.sent + excluded.sent, hard_bounced = s.hard_bounced + excluded.hard_bounced,
           complained = s.complained + excluded.complained, unsubscribed = s.unsubscribed + excluded.unsubscribed;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO sender_daily_deliverability AS s (workspace_id, user_id, day, sent, hard_bounced, complained, unsubscribed)
    SELECT c.workspace_id, c.user_id, (ch.sent_at AT TIME ZONE 'UTC')::date,
           sum(ch.n), sum(ch.n * ch.b), sum(ch.n * ch.c), sum(ch.n * ch.u)
      FROM (SELECT campaign_id, sent_at, 1 AS n, (bounced_at IS NOT NULL)::int AS b,
                   (complained_at IS NOT NULL)::int AS c, (unsubscribed_at IS NOT NULL)::int AS u
              FROM new_rows WHERE sent_at IS NOT NULL
            UNION ALL
            SELECT campaign_id, sent_at, -1, (bounced_at IS NOT NULL)::int, (complained_at IS NOT NULL)::int,
                   (unsubscribed_at IS NOT NULL)::int
              FROM old_rows WHERE sent_at IS NOT NULL) ch
      JOIN campaigns c ON c.id = ch.campaign_id AND NOT c.is_form_notification
     GROUP BY 1, 2, 3
    HAVING (sum(ch.n), sum(ch.n * ch.b), sum(ch.n * ch.c), sum(ch.n * ch.u)) <> (0, 0, 0, 0)
     ORDER BY 1, 2, 3
    ON CONFLICT (workspace_id, user_id, day) DO UPDATE
       SET sent = s.sent + excluded.sent, hard_bounced = s.hard_bounced + excluded.hard_bounced,
           complained = s.complained + excluded.complained, unsubscribed = s.unsubscribed + excluded.unsubscribed;
  ELSE
    INSERT INTO sender_daily_deliverability AS s (workspace_id, user_id, day, sent, hard_bounced, complained, unsubscribed)
    SELECT c.workspace_id, c.user_id, (ch.sent_at AT TIME ZONE 'UTC')::date,
           -count(*), -count(ch.bounced_at), -count(ch.complained_at), -count(ch.unsubscribed_at)
      FROM old_rows ch
      JOIN campaigns c ON c.id = ch.campaign_id AND NOT c.is_form_notification
     WHERE ch.sent_at IS NOT NULL
     GROUP BY 1, 2, 3
     ORDER BY 1, 2, 3
    ON CONFLICT (workspace_id, user_id, day) DO UPDATE
       SET sent = s.sent + excluded.sent, hard_bounced = s.hard_bounced + excluded.hard_bounced,
           complained = s.complained + excluded.complained, unsubscribed = s.unsubscribed + excluded.unsubscribed;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER campaign_recipients_deliverability_inserted AFTER INSERT ON campaign_recipients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sender_daily_deliverability_from_recipients();
--> statement-breakpoint
CREATE TRIGGER campaign_recipients_deliverability_updated AFTER UPDATE ON campaign_recipients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sender_daily_deliverability_from_recipients();
--> statement-breakpoint
CREATE TRIGGER campaign_recipients_deliverability_deleted AFTER DELETE ON campaign_recipients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sender_daily_deliverability_from_recipients();
--> statement-breakpoint
-- Campaigns: a campaign that changes space, sender or form-notification flag moves its sent
-- messages' fates; a deleted one takes them away before its recipients go (their cascade then
-- finds no campaign).
CREATE FUNCTION sender_daily_deliverability_from_campaign() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT OLD.is_form_notification THEN
    UPDATE sender_daily_deliverability s
       SET sent = s.sent - d.sent, hard_bounced = s.hard_bounced - d.hard_bounced,
           complained = s.complained - d.complained, unsubscribed = s.unsubscribed - d.unsubscribed
      FROM (SELECT (sent_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS sent,
                   count(bounced_at)::int AS hard_bounced, count(complained_at)::int AS complained,
                   count(unsubscribed_at)::int AS unsubscribed
              FROM campaign_recipients WHERE campaign_id = OLD.id AND sent_at IS NOT NULL GROUP BY 1) d
     WHERE s.workspace_id = OLD.workspace_id AND s.user_id = OLD.user_id AND s.day = d.day;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  IF NOT NEW.is_form_notification THEN
    INSERT INTO sender_daily_deliverability AS s (workspace_id, user_id, day, sent, hard_bounced, complained, unsubscribed)
    SELECT NEW.workspace_id, NEW.user_id, (sent_at AT TIME ZONE 'UTC')::date, count(*), count(bounced_at),
           count(complained_at), count(unsubscribed_at)
      FROM campaign_recipients WHERE campaign_id = NEW.id AND sent_at IS NOT NULL GROUP BY 3 ORDER BY 3
    ON CONFLICT (workspace_id, user_id, day) DO UPDATE
       SET sent = s.sent + excluded.sent, hard_bounced = s.hard_bounced + excluded.hard_bounced,
           complained = s.complained + excluded.complained, unsubscribed = s.unsubscribed + excluded.unsubscribed;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER campaigns_deliverability_moved AFTER UPDATE OF workspace_id, user_id, is_form_notification ON campaigns
  FOR EACH ROW WHEN ((OLD.workspace_id, OLD.user_id, OLD.is_form_notification) IS DISTINCT FROM (NEW.workspace_id, NEW.user_id, NEW.is_form_notification))
  EXECUTE FUNCTION sender_daily_deliverability_from_campaign();
--> statement-breakpoint
CREATE TRIGGER campaigns_deliverability_deleted BEFORE DELETE ON campaigns
  FOR EACH ROW EXECUTE FUNCTION sender_daily_deliverability_from_campaign();
--> statement-breakpoint
-- What was sent before this migration.
INSERT INTO sender_daily_deliverability (workspace_id, user_id, day, sent, hard_bounced, complained, unsubscribed)
SELECT c.workspace_id, c.user_id, (r.sent_at AT TIME ZONE 'UTC')::date, count(*), count(r.bounced_at),
       count(r.complained_at), count(r.unsubscribed_at)
  FROM campaign_recipients r JOIN campaigns c ON c.id = r.campaign_id
 WHERE r.sent_at IS NOT NULL AND NOT c.is_form_notification
 GROUP BY 1, 2, 3;
