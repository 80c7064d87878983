import { sql } from 'drizzle-orm';
import { CLICK_BURST_MAX_LINKS, CLICK_BURST_MS, EARLY_HIT_MS } from '@mergeboard/core';
import type { Database, Tx } from '../../db/client';

/**
 * The hit statements (engine design §7): each is ONE statement keyed by campaign_recipients.id,
 * run outside any transaction. Its first step locks the recipient row and reads what it was, so
 * "first open", "first answer" and the burst rule are decided on the row as it is after any
 * concurrent hit; the next steps update that row and, only when a count moves, the campaign.
 *
 * `$2` is the request's verdict (a person's?); on top of it a hit within EARLY_HIT_MS of sending
 * (or before sent_at is written) is a machine's. Every human open, click or answer adds to
 * open_hits (a click or an answer means the message was read), a click to click_hits too.
 */
const PERSON = `coalesce($2::boolean AND r.sent_at <= now() - interval '${EARLY_HIT_MS} milliseconds', false)`;

const OPEN = `WITH old AS (
    SELECT r.id, r.campaign_id, r.opened_at, ${PERSON} AS person
      FROM campaign_recipients r WHERE r.id = $1 FOR UPDATE
  ), hit AS (
    UPDATE campaign_recipients r SET
      open_hits = r.open_hits + old.person::int,
      machine_hits = r.machine_hits + (NOT old.person)::int,
      opened_at = CASE WHEN old.person THEN coalesce(old.opened_at, now()) ELSE old.opened_at END
    FROM old WHERE r.id = old.id RETURNING r.id
  ), campaign AS (
    UPDATE campaigns c SET
      opened_count = c.opened_count + (old.person AND old.opened_at IS NULL)::int,
      machine_open_hits = c.machine_open_hits + (NOT old.person)::int
    FROM old WHERE c.id = old.campaign_id AND (NOT old.person OR old.opened_at IS NULL)
  )
  SELECT count(*)::int AS recorded FROM hit`;

/**
 * A click also runs the burst rule on the clicks that are a person's by request and time: the
 * links clicked since click_burst_at (bit i = link i) while that is under CLICK_BURST_MS old.
 * The click that completes the set of a message's links (two or more) is a machine's, and so
 * are the burst's earlier clicks: one counted click per link of the burst is taken back (with
 * opened_at / clicked_at and the campaign's counts when nothing else is left) and moved to the
 * machine hits; clicks while the completed burst lasts are a machine's too. The link list is
 * read from the merge of the recipient's campaign: the target is never taken from the URL.
 */
const CLICK = `WITH old AS (
    SELECT r.id, r.campaign_id, r.opened_at, r.clicked_at, r.open_hits, r.click_hits, ${PERSON} AS person,
           m.links[$3::int + 1] AS target,
           (1::bigint << least(cardinality(m.links), ${CLICK_BURST_MAX_LINKS})) - 1 AS all_links,
           cardinality(m.links) >= 2 AS has_burst_rule,
           CASE WHEN $3::int < ${CLICK_BURST_MAX_LINKS} THEN 1::bigint << $3::int ELSE 0 END AS bit,
           coalesce(r.click_burst_at > now() - interval '${CLICK_BURST_MS} milliseconds', false) AS in_burst,
           r.click_burst_at, r.click_burst_links
      FROM campaign_recipients r JOIN merges m ON m.campaign_id = r.campaign_id
     WHERE r.id = $1 FOR UPDATE OF r
  ), burst AS (
    SELECT old.*, CASE WHEN in_burst THEN click_burst_links::bigint ELSE 0 END AS before
      FROM old WHERE target IS NOT NULL
  ), v AS (
    SELECT burst.*,
           person AND has_burst_rule AND (before | bit) = all_links AS machine_burst,
           CASE WHEN person AND has_burst_rule AND before <> all_links AND (before | bit) = all_links
                THEN bit_count(before::bit(64))::int ELSE 0 END AS undone
      FROM burst
  ), w AS (
    SELECT v.*, person AND NOT machine_burst AS human,
           undone > 0 AND open_hits = undone AND opened_at IS NOT NULL AS lost_open,
           undone > 0 AND click_hits = undone AND clicked_at IS NOT NULL AS lost_click
      FROM v
  ), hit AS (
    UPDATE campaign_recipients r SET
      open_hits = r.open_hits + w.human::int - w.undone,
      click_hits = r.click_hits + w.human::int - w.undone,
      machine_hits = r.machine_hits + (NOT w.human)::int + w.undone,
      opened_at = CASE WHEN w.human THEN coalesce(w.opened_at, now()) WHEN w.lost_open THEN NULL ELSE w.opened_at END,
      clicked_at = CASE WHEN w.human THEN coalesce(w.clicked_at, now()) WHEN w.lost_click THEN NULL ELSE w.clicked_at END,
      click_burst_at = CASE WHEN NOT w.person THEN w.click_burst_at WHEN w.in_burst THEN w.click_burst_at ELSE now() END,
      click_burst_links = CASE WHEN w.person THEN (w.before | w.bit)::int ELSE w.click_burst_links END
    FROM w WHERE r.id = w.id RETURNING r.id
  ), campaign AS (
    UPDATE campaigns c SET
      opened_count = c.opened_count + (w.human AND w.opened_at IS NULL)::int - w.lost_open::int,
      clicked_count = c.clicked_count + (w.human AND w.clicked_at IS NULL)::int - w.lost_click::int,
      machine_click_hits = c.machine_click_hits + (NOT w.human)::int + w.undone
    FROM w WHERE c.id = w.campaign_id AND (NOT w.human OR w.opened_at IS NULL OR w.clicked_at IS NULL)
  )
  SELECT (SELECT target FROM old) AS target, (SELECT count(*)::int FROM hit) AS recorded`;

/**
 * A poll answer: a person's answer replaces the recipient's previous one and moves the counts of
 * the Poll results tab (keyed by the answer's text); the first one sets responded_at and the
 * campaign's responded count. It counts as an open, not as a click. A machine's (a scanner
 * following every link) records no answer, only a machine hit.
 */
const POLL = `WITH old AS (
    SELECT r.id, r.campaign_id, r.opened_at, r.responded_at, ${PERSON} AS person,
           m.poll->'answers'->>($3::int) AS answer,
           m.poll->'answers'->>(r.poll_answer::int) AS previous
      FROM campaign_recipients r JOIN merges m ON m.campaign_id = r.campaign_id
     WHERE r.id = $1 FOR UPDATE OF r
  ), v AS (SELECT * FROM old WHERE answer IS NOT NULL), hit AS (
    UPDATE campaign_recipients r SET
      poll_answer = CASE WHEN v.person THEN $3::smallint ELSE r.poll_answer END,
      responded_at = CASE WHEN v.person THEN coalesce(v.responded_at, now()) ELSE v.responded_at END,
      opened_at = CASE WHEN v.person THEN coalesce(v.opened_at, now()) ELSE v.opened_at END,
      open_hits = r.open_hits + v.person::int,
      machine_hits = r.machine_hits + (NOT v.person)::int
    FROM v WHERE r.id = v.id RETURNING r.id
  ), campaign AS (
    UPDATE campaigns c SET
      responded_count = c.responded_count + (v.person AND v.responded_at IS NULL)::int,
      opened_count = c.opened_count + (v.person AND v.opened_at IS NULL)::int,
      machine_open_hits = c.machine_open_hits + (NOT v.person)::int
    FROM v WHERE c.id = v.campaign_id AND (NOT v.person OR v.responded_at IS NULL OR v.opened_at IS NULL)
  ), dropped AS (
    UPDATE poll_answers p SET count = p.count - 1 FROM v
     WHERE v.person AND p.campaign_id = v.campaign_id AND p.answer = v.previous
       AND v.previous <> v.answer AND p.count > 0
  ), added AS (
    INSERT INTO poll_answers (campaign_id, answer, count)
    SELECT campaign_id, answer, 1 FROM v WHERE person AND previous IS DISTINCT FROM answer
    ON CONFLICT (campaign_id, answer) DO UPDATE SET count = poll_answers.count + 1
  )
  SELECT count(*)::int AS recorded FROM hit`;

type Hit = { recipientId: string; person: boolean };

/** Records an open; false when the recipient row is gone. */
export async function recordOpen(database: Database, hit: Hit): Promise<boolean> {
  const { rows } = await database.execute(OPEN, [hit.recipientId, hit.person], 'mb_hit_open');
  return Number(rows[0]?.recorded) > 0;
}

/** Records a click on link `index`; answers its target, or null (no such link or recipient: nothing written). */
export async function recordClick(database: Database, hit: Hit & { index: number }): Promise<string | null> {
  const { rows } = await database.execute(CLICK, [hit.recipientId, hit.person, hit.index], 'mb_hit_click');
  const target = rows[0]?.target;
  return typeof target === 'string' ? target : null;
}

/** Records poll answer `index`; false when there is no such answer or recipient (nothing written). */
export async function recordPollAnswer(database: Database, hit: Hit & { index: number }): Promise<boolean> {
  const { rows } = await database.execute(POLL, [hit.recipientId, hit.person, hit.index], 'mb_hit_poll');
  return Number(rows[0]?.recorded) > 0;
}

/** The recipient to unsubscribe, locked until the transaction ends: their address and the merge's sender. */
export async function lockRecipientToUnsubscribe(tx: Tx, recipientId: string) {
  const result = await tx.execute(sql`SELECT r.email, c.workspace_id AS "workspaceId",
        u.id AS "senderId", u.email AS "senderEmail"
      FROM campaign_recipients r JOIN campaigns c ON c.id = r.campaign_id JOIN users u ON u.id = c.user_id
     WHERE r.id = ${recipientId} FOR UPDATE OF r`);
  const [row] = (result as unknown as { rows: RecipientToUnsubscribe[] }).rows;
  return row ?? null;
}
interface RecipientToUnsubscribe {
  email: string;
  workspaceId: string;
  senderId: string;
  senderEmail: string;
}

/** Sets unsubscribed_at and bumps the campaign's count, once: a second call changes nothing. */
export async function markUnsubscribed(tx: Tx, recipientId: string): Promise<void> {
  await tx.execute(sql`WITH marked AS (
      UPDATE campaign_recipients SET unsubscribed_at = now()
       WHERE id = ${recipientId} AND unsubscribed_at IS NULL RETURNING campaign_id)
    UPDATE campaigns c SET unsubscribed_count = c.unsubscribed_count + 1 FROM marked WHERE c.id = marked.campaign_id`);
}
