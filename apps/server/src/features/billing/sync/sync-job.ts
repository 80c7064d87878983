import { z } from 'zod';
import { defineJob } from '../../../jobs/job';
import { createPayments } from '../../payments';
import { syncBillingCustomer } from './billing-sync';

export const SYNC_BILLING_CUSTOMER_JOB = 'sync-billing-customer';

const dataSchema = z.object({ customerId: z.string().min(1) });

/**
 * Runs the convergent sync for the customer a webhook named. Queued with the customer as
 * singleton key, so one customer syncs once at a time however many events arrive together.
 */
export const syncBillingCustomerJob = defineJob<{ customerId: string }>({
  name: SYNC_BILLING_CUSTOMER_JOB,
  async run({ database, config, data }) {
    const { customerId } = dataSchema.parse(data);
    await syncBillingCustomer(database.db, createPayments(config).stripe, customerId);
  },
});
