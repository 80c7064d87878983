import { randomUUID } from 'node:crypto';
import type { Db } from '../../../db/client';
import { AppError } from '../../../http/app-error';
import { claimChangeLease, releaseChangeLease } from './subscription-queries';

/** Longer than any one change takes (a few provider calls); a crashed holder frees it by then. */
const LEASE_SECONDS = 120;
/** How long a change waits for its turn before answering 409. */
const WAIT_MS = 90_000;
const POLL_MS = 50;

/**
 * Runs `change` while holding the subscription's change lease (schema: changeLeaseId): a change
 * reads the provider's quantity, then writes it, so two at once would lose one purchase. Each
 * claim is one conditional UPDATE, so it works the same on PGlite and across PostgreSQL processes.
 */
export async function withChangeLease<T>(
  db: Db,
  subscriptionId: string,
  change: () => Promise<T>,
): Promise<T> {
  const leaseId = randomUUID();
  const giveUpAt = Date.now() + WAIT_MS;
  while (!(await claimChangeLease(db, subscriptionId, { id: leaseId, seconds: LEASE_SECONDS }))) {
    if (Date.now() > giveUpAt) {
      throw new AppError('conflict', 'Another change of this subscription is in progress; try again.');
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS + Math.random() * POLL_MS));
  }
  try {
    return await change();
  } finally {
    await releaseChangeLease(db, subscriptionId, leaseId);
  }
}
