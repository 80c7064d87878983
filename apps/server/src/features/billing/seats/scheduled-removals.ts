import { randomUUID } from 'node:crypto';
import type { ScheduledSeatRemoval } from '@mergeboard/core';
import type { AppContext } from '../../../app-context';
import type { Db } from '../../../db/client';
import type { scheduledSeatRemovals } from '../../../db/schema';
import { AppError } from '../../../http/app-error';
import { settleScheduledDowngrades } from './paid-seats';
import {
  cancelPendingRemoval,
  seatRemovalById,
  seatRemovalOf,
  setPendingRemovalAuthor,
} from './seat-queries';
import { withChangeLease } from '../subscription-change/change-lease';
import { changeableSubscription, seatItemOf, seatPlanOf } from '../subscription-change/live-subscription';
import { pendingSeatRemovalOf } from '../subscription-change/subscription-queries';
import { plannedNextPeriod, setNextPeriod } from '../subscription-change/next-phase';
import { syncBillingCustomer } from '../sync/billing-sync';
import { idOf } from '../sync/stripe-shapes';

type Target = { workspaceId: string; subscriptionId: string };
type RemovalRow = typeof scheduledSeatRemovals.$inferSelect;

const toRemoval = (row: RemovalRow): ScheduledSeatRemoval => ({
  scheduledRemovalId: row.id,
  subscriptionId: row.subscriptionId,
  paymentPlanId: row.paymentPlanId,
  targetSeatsQuantity: row.targetSeatsQuantity,
  targetSubscriptionAmount: row.targetSubscriptionAmount,
  removeSeatsAtTimestamp: row.removeAt.getTime(),
  createTimestamp: row.createdAt.getTime(),
  lastUpdateTimestamp: row.updatedAt.getTime(),
  status: row.status,
});

/** The space's subscription's removal with this status, newest first; 404 when there is none. */
async function removalOf(db: Db, target: Target, status: RemovalRow['status']): Promise<RemovalRow> {
  const removal = await seatRemovalOf(db, target, status);
  if (!removal) throw new AppError('not_found', 'No seat removal is scheduled for this subscription.');
  return removal;
}

/** API-036, SEAT-024: the pending removal (a 404 reads as none). */
export async function pendingSeatRemoval(db: Db, target: Target): Promise<ScheduledSeatRemoval> {
  return toRemoval(await removalOf(db, target, 'PENDING'));
}

/**
 * API-036, SEAT-019 SEAT-020 SEAT-021 SEAT-022 SEAT-023: fewer seats from the next period on. The
 * subscription's schedule gets a next phase with the lower quantity (the interval a cycle change holds there
 * is kept); the removal is PENDING until that phase begins. The target keeps every assigned seat (SEAT-022)
 * and is below the seats paid; one removal at a time (SEAT-025).
 */
export async function scheduleSeatRemoval(
  context: AppContext,
  target: Target & { paymentPlanId: string; targetSeatsQuantity: number; userId: string },
): Promise<ScheduledSeatRemoval> {
  const { db } = context.database;
  const { stripe } = context.payments;
  const row = await changeableSubscription(db, target);
  const { seats } = await seatPlanOf(db, row.id);
  if (seats.paymentPlanId !== target.paymentPlanId) {
    const message = 'paymentPlanId must be the subscription’s payment plan';
    throw new AppError('validation_failed', message, {
      fields: { 'body.subscriptionPlanSeats.0.paymentPlanId': message },
    });
  }
  await withChangeLease(db, row.id, async () => {
    if (await pendingSeatRemovalOf(db, row.id)) {
      throw new AppError('seat_removal_scheduled', 'A seat removal is scheduled already.');
    }
    const subscription = await stripe.subscriptions.retrieve(row.providerSubscriptionId, {
      expand: ['discounts'],
    });
    const item = seatItemOf(subscription);
    const paid = item.quantity ?? 1;
    if (target.targetSeatsQuantity >= paid) {
      const message = `targetSeatsQuantity must be below the ${paid} seats paid`;
      throw new AppError('validation_failed', message, {
        fields: { 'body.subscriptionPlanSeats.0.targetSeatsQuantity': message },
      });
    }
    const { seats: counted } = await seatPlanOf(db, row.id);
    if (target.targetSeatsQuantity < counted.assignedSeats) {
      throw new AppError('seats_in_use', 'You need to remove members before removing seats.');
    }
    const next = await plannedNextPeriod(stripe, subscription);
    await setNextPeriod(
      stripe,
      subscription,
      { ...next, quantity: target.targetSeatsQuantity },
      `seat-removal:${row.id}:${randomUUID()}`,
    );
    await syncBillingCustomer(db, stripe, idOf(subscription.customer)!);
    await setPendingRemovalAuthor(db, row.id, target.userId);
  });
  return pendingSeatRemoval(db, target);
}

/**
 * SEAT-028, SEAT-029: the owner cancels the pending removal; the next phase sells the seats paid
 * now again, and a schedule left without any change is released.
 */
export async function cancelSeatRemoval(context: AppContext, target: Target): Promise<ScheduledSeatRemoval> {
  const { db } = context.database;
  const { stripe } = context.payments;
  const pending = await removalOf(db, target, 'PENDING');
  const row = await changeableSubscription(db, target);
  await withChangeLease(db, row.id, async () => {
    const subscription = await stripe.subscriptions.retrieve(row.providerSubscriptionId, {
      expand: ['discounts'],
    });
    const next = await plannedNextPeriod(stripe, subscription);
    await setNextPeriod(
      stripe,
      subscription,
      { ...next, quantity: seatItemOf(subscription).quantity ?? 1 },
      `seat-removal-cancel:${pending.id}:${randomUUID()}`,
    );
    await cancelPendingRemoval(db, pending.id);
    // MEM-033: members waiting to be made free with these seats stay paid.
    await settleScheduledDowngrades(db, { workspaceId: target.workspaceId, applied: false });
    await syncBillingCustomer(db, stripe, idOf(subscription.customer)!);
  });
  return toRemoval((await seatRemovalById(db, pending.id))!);
}
