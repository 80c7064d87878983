import { z } from 'zod';
import { advanceTestClock, TEST_CLOCK } from '../clock-advance';
import { sandboxId, unixNow } from '../sandbox-ids';
import { expandParam, formInt, readParams } from '../sandbox-params';
import type { SandboxRoute } from '../sandbox-route';
import { getObject, insertObject } from '../sandbox-store';

/**
 * test clocks, as Stripe's test helpers: a customer created with `test_clock` lives on the clock's
 * time; advancing the clock renews (or cancels) that customer's subscriptions up to the new time.
 * The sandbox advances at once: the clock answers `ready`, never `advancing`.
 */
export function testClockRoutes(publicOrigin: string): SandboxRoute[] {
  return [
    {
      method: 'POST',
      path: '/test_helpers/test_clocks',
      async handle(context, request) {
        const params = readParams(
          z.strictObject({
            frozen_time: formInt.min(0),
            name: z.string().max(300).optional(),
            expand: expandParam,
          }),
          request.input,
        );
        return insertObject(context.db, {
          id: sandboxId('clock'),
          object: TEST_CLOCK,
          created: unixNow(),
          deletes_after: unixNow() + 30 * 86_400,
          frozen_time: params.frozen_time,
          livemode: false,
          name: params.name ?? null,
          status: 'ready',
          status_details: {},
        });
      },
    },
    {
      method: 'GET',
      path: '/test_helpers/test_clocks/:id',
      handle: (context, request) => getObject(context.db, TEST_CLOCK, request.params.id!),
    },
    {
      method: 'POST',
      path: '/test_helpers/test_clocks/:id/advance',
      async handle(context, request) {
        const params = readParams(
          z.strictObject({ frozen_time: formInt, expand: expandParam }),
          request.input,
        );
        return advanceTestClock(context, {
          clockId: request.params.id!,
          frozenTime: params.frozen_time,
          publicOrigin,
        });
      },
    },
  ];
}
