import { seatDriftJob, syncBillingCustomerJob } from '../features/billing';
import { receiveInbound, simulatedMailJob, type ClassifyInbound } from '../features/inbound';
import { deliverMailJob } from '../features/mail';
import { mergeQuotaResetJob, mergeReaperJob, mergeSendJob } from '../features/merge-engine';
import type { Config } from '../config/config';
import { embeddedJobsFor } from '../embedded-door';
import type { JobDefinition } from '../jobs/job';
import { purgeExpiredSessions } from '../jobs/purge-expired';

/**
 * Issue 25: the inbound classifier (features/inbound/classify-inbound.ts, another branch) goes
 * here when the two branches meet; until then what comes back is logged as unclassified.
 */
const classifyInbound: ClassifyInbound = async () => ({
  kind: 'ignored',
  messageId: null,
  reason: 'no classifier wired yet',
});

/** Every background job a worker runs; features contribute theirs here, like routes. */
export const jobs: readonly JobDefinition[] = [
  purgeExpiredSessions,
  deliverMailJob,
  syncBillingCustomerJob,
  seatDriftJob,
  mergeSendJob,
  mergeReaperJob,
  mergeQuotaResetJob,
  simulatedMailJob(receiveInbound(classifyInbound)),
];

/** The product's jobs and those of the embedded parts this configuration runs. */
export async function jobsFor(config: Config): Promise<JobDefinition[]> {
  return [...jobs, ...(await embeddedJobsFor(config))];
}
