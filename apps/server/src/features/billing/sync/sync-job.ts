import { z } from 'zod';
import { defineJob } from '../../../jobs/job';
import { createPayments } from '../../payments';
import { followPendingSeatPhases } from '../seats/seat-phase-followup';
import { syncBillingCustomer } from './billing-sync';

export const SYNC_BILLING_CUSTOMER_JOB = 'sync-billing-customer';

const dataSchema = z.object({ customerId: z.string().min(1) });

/**
 * Runs the convergent sync for the customer a webhook named. Queued with the customer as
 * singleton key on a stately queue: one customer syncs once at a time, and however many events
 * arrive meanwhile, one more sync waits (it reads whatever the provider says when it runs). Seats
 * whose confirmed invoice is now paid first join a schedule's next phase (seat-phase-followup.ts).
 */
export const syncBillingCustomerJob = defineJob<{ customerId: string }>({
  name: SYNC_BILLING_CUSTOMER_JOB,
  policy: 'stately',
  async run({ database, config, data }) {
    const { customerId } = dataSchema.parse(data);
    const { stripe } = createPayments(config);
    await followPendingSeatPhases(database.db, stripe, customerId);
    await syncBillingCustomer(database.db, stripe, customerId);
  },
});
