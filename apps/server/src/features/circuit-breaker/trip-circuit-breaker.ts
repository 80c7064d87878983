import { circuitBreakerTrip, type BreakerNews, type BreakerTrip } from '@mergeboard/core';
import type { Tx } from '../../db/client';
import { auditTrip, lockRunningMergeOfCampaign, pauseMergeRow } from './circuit-breaker-queries';

/**
 * Evaluates the circuit breaker for the campaign's merge in the caller's transaction, after it has
 * counted what just happened (`news`: a batch's outcomes, a bounce or complaint that came back): a
 * merge still SENDING or WAITING_FOR_QUOTA that the news and its counters trip becomes PAUSED with the reason and the sentence the sender reads. Its workers then claim
 * nothing more and give back the rows they claimed ahead. The trip is kept in the space's audit
 * trail ('merge.circuit_breaker_tripped'). Answers the trip, or null.
 */
export async function tripCircuitBreaker(
  tx: Tx,
  options: { campaignId: string; news: BreakerNews },
): Promise<BreakerTrip | null> {
  const merge = await lockRunningMergeOfCampaign(tx, options.campaignId);
  if (!merge) return null;
  const trip = circuitBreakerTrip(merge, options.news);
  if (!trip) return null;
  if (!(await pauseMergeRow(tx, merge.mergeId, trip, ['SENDING', 'WAITING_FOR_QUOTA']))) return null;
  await auditTrip(tx, merge, trip);
  return trip;
}
