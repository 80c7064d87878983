import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { subscriptions } from '../../../db/schema';
import { AppError } from '../../../http/app-error';

/** Longer than any one change takes (a few provider calls); a crashed holder frees it by then. */
const LEASE_SECONDS = 120;
/** How long a change waits for its turn before answering 409. */
const WAIT_MS = 90_000;
const POLL_MS = 50;

async function claim(db: Db, subscriptionId: string, leaseId: string): Promise<boolean> {
  const claimed = await db
    .update(subscriptions)
    .set({
      changeLeaseId: leaseId,
      changeLeaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
    })
    .where(
      and(
        eq(subscriptions.id, subscriptionId),
        or(isNull(subscriptions.changeLeaseUntil), lt(subscriptions.changeLeaseUntil, sql`now()`)),
      ),
    )
    .returning({ id: subscriptions.id });
  return claimed.length > 0;
}

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
  while (!(await claim(db, subscriptionId, leaseId))) {
    if (Date.now() > giveUpAt) {
      throw new AppError('conflict', 'Another change of this subscription is in progress; try again.');
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS + Math.random() * POLL_MS));
  }
  try {
    return await change();
  } finally {
    await db
      .update(subscriptions)
      .set({ changeLeaseId: null, changeLeaseUntil: null })
      .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.changeLeaseId, leaseId)));
  }
}
