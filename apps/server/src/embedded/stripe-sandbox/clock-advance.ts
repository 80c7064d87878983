import { sendEvents } from './checkout-payment';
import { runClock } from './renewals';
import { invalidParam } from './sandbox-errors';
import type { SandboxContext } from './sandbox-route';
import { getObject, replaceObject, type StripeObject } from './sandbox-store';

export const TEST_CLOCK = 'test_helpers.test_clock';

/**
 * Moves a test clock forward to `frozenTime` and its customers' subscriptions with it (renewals,
 * retries, phase changes), in one transaction; the events go out after it commits. The API's
 * advance and the portal's clock control both come here.
 */
export async function advanceTestClock(
  context: SandboxContext,
  options: { clockId: string; frozenTime: number; publicOrigin: string },
): Promise<StripeObject> {
  const { clock, events } = await context.db.transaction(async (tx) => {
    const current = await getObject(tx, TEST_CLOCK, options.clockId);
    if (options.frozenTime <= (current.frozen_time as number)) {
      throw invalidParam(
        'frozen_time',
        "The frozen_time must be later than the clock's current frozen_time.",
      );
    }
    const advanced = await replaceObject(tx, { ...current, frozen_time: options.frozenTime });
    return {
      clock: advanced,
      events: await runClock({ ...context, db: tx }, advanced.id, options.frozenTime, options.publicOrigin),
    };
  });
  await sendEvents(context, [...events, ['test_helpers.test_clock.ready', clock]]);
  return clock;
}
