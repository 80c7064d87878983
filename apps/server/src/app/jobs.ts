import { purgeExpiredIssuerStateJob } from '../features/auth';
import { seatDriftJob, syncBillingCustomerJob } from '../features/billing';
import { deliverMailJob } from '../features/mail';
import { mergeQuotaResetJob, mergeReaperJob, mergeSendJob } from '../features/merge-engine';
import type { JobDefinition } from '../jobs/job';
import { purgeExpiredSessions } from '../jobs/purge-expired';

/** Every background job a worker runs; features contribute theirs here, like routes. */
export const jobs: readonly JobDefinition[] = [
  purgeExpiredSessions,
  purgeExpiredIssuerStateJob,
  deliverMailJob,
  syncBillingCustomerJob,
  seatDriftJob,
  mergeSendJob,
  mergeReaperJob,
  mergeQuotaResetJob,
];
