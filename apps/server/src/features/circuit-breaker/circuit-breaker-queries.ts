import { sql } from 'drizzle-orm';
import type { BreakerCounters, BreakerTrip } from '@mergeboard/core';
import type { Tx } from '../../db/client';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The merge statuses the breaker watches: a merge that is sending, or waiting for its quota to send the rest. */
const RUNNING = sql.raw(`('SENDING', 'WAITING_FOR_QUOTA')`);

/**
 * The running merge of a campaign with its counters (the campaign's, which the send path and the
 * inbound path keep), its merge row locked so that a pause decided on them is written once.
 */
export async function lockRunningMergeOfCampaign(
  tx: Tx,
  campaignId: string,
): Promise<({ mergeId: string; workspaceId: string } & BreakerCounters) | null> {
  const [row] = rowsOf<{ mergeId: string; workspaceId: string } & BreakerCounters>(
    await tx.execute(sql`SELECT m.id AS "mergeId", m.workspace_id AS "workspaceId", c.sent_count AS sent, c.bounced_count AS "hardBounced",
          c.complained_count AS complained
        FROM merges m JOIN campaigns c ON c.id = m.campaign_id
       WHERE m.campaign_id = ${campaignId} AND m.status IN ${RUNNING}
       FOR UPDATE OF m`),
  );
  return row ?? null;
}

/**
 * The trip in the space's audit trail: the pause fields are cleared on resume, this stays (the
 * merges that paused themselves, with why).
 */
export async function auditTrip(tx: Tx, merge: { mergeId: string; workspaceId: string }, trip: BreakerTrip) {
  await tx.execute(sql`INSERT INTO audit_events (workspace_id, action, target_type, target_id, data)
      VALUES (${merge.workspaceId}, 'merge.circuit_breaker_tripped', 'merge', ${merge.mergeId},
              ${JSON.stringify({ reason: trip.reason, details: trip.details })}::jsonb)`);
}

/** PAUSED with when and why, if it is still running or scheduled; answers whether it moved. */
export async function pauseMergeRow(
  tx: Tx,
  mergeId: string,
  pause: { reason: BreakerTrip['reason'] | 'MANUAL'; details: string | null },
  from: readonly string[],
): Promise<boolean> {
  const moved = rowsOf<{ id: string }>(
    await tx.execute(sql`UPDATE merges SET status = 'PAUSED', paused_at = now(), pause_reason = ${pause.reason},
          pause_details = ${pause.details}
        WHERE id = ${mergeId} AND status IN (SELECT value FROM jsonb_array_elements_text(${JSON.stringify(from)}::jsonb))
        RETURNING id`),
  );
  return moved.length > 0;
}
