import { seatDriftJob, syncBillingCustomerJob } from '../features/billing';
import {
  classifyInboundWhenNeeded,
  gmailInboundJob,
  receiveInbound,
  simulatedMailJob,
} from '../features/inbound';
import { deliverMailJob } from '../features/mail';
import { mergeQuotaResetJob, mergeReaperJob, mergeSendJob } from '../features/merge-engine';
import type { Config } from '../config/config';
import { embeddedJobsFor } from '../embedded-door';
import type { JobDefinition } from '../jobs/job';
import { purgeExpiredSessions } from '../jobs/purge-expired';

/** Every background job a worker runs; features contribute theirs here, like routes. */
export const jobs: readonly JobDefinition[] = [
  purgeExpiredSessions,
  deliverMailJob,
  syncBillingCustomerJob,
  seatDriftJob,
  mergeSendJob,
  mergeReaperJob,
  mergeQuotaResetJob,
  simulatedMailJob(receiveInbound(classifyInboundWhenNeeded)),
  gmailInboundJob(receiveInbound(classifyInboundWhenNeeded)),
];

/** The product's jobs and those of the embedded parts this configuration runs. */
export async function jobsFor(config: Config): Promise<JobDefinition[]> {
  return [...jobs, ...(await embeddedJobsFor(config))];
}
