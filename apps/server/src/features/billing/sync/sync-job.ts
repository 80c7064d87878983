import { z } from 'zod';
import { defineJob } from '../../../jobs/job';

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
    // The Stripe SDK loads when the job first runs, not with every worker (their memory).
    const [{ createPayments }, { syncBillingCustomer }, { followPendingSeatPhases }] = await Promise.all([
      import('../payments/payments'),
      import('./billing-sync'),
      import('../seats/seat-phase-followup'),
    ]);
    const { stripe } = createPayments(config);
    await followPendingSeatPhases(database.db, stripe, customerId);
    await syncBillingCustomer(database.db, stripe, customerId);
  },
});
