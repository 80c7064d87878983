import type { Db } from '../../db/client';
import { unixNow } from './sandbox-ids';
import { findObject } from './sandbox-store';

/**
 * The time a customer's billing runs on: its test clock's frozen time when it has one (created
 * with `test_clock`, as at Stripe), otherwise the real time.
 */
export async function customerNow(db: Db, customerId: string | null): Promise<number> {
  const customer = customerId ? await findObject(db, 'customer', customerId) : null;
  const clockId = customer?.test_clock;
  if (typeof clockId !== 'string') return unixNow();
  const clock = await findObject(db, 'test_helpers.test_clock', clockId);
  return typeof clock?.frozen_time === 'number' ? clock.frozen_time : unixNow();
}
