import { defineJob } from '../../../jobs/job';

const SEAT_DRIFT_JOB = 'report-seat-drift';

/** design/payments.md §3: once a day, every live subscription whose seats drifted is reported. */
export const seatDriftJob = defineJob({
  name: SEAT_DRIFT_JOB,
  schedule: '17 4 * * *',
  async run({ database, config, logger }) {
    // The Stripe SDK loads when the job first runs, not with every worker (their memory).
    const [{ createPayments }, { findSeatDrift }] = await Promise.all([
      import('../payments/payments'),
      import('./seat-drift'),
    ]);
    const drift = await findSeatDrift(database.db, createPayments(config).stripe);
    for (const entry of drift) logger?.warn({ seatDrift: entry }, 'seats used and seats paid disagree');
    logger?.info({ drifted: drift.length }, 'seat drift report');
  },
});
