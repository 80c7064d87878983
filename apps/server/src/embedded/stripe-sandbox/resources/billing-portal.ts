import { z } from 'zod';
import { sandboxId, unixNow } from '../sandbox-ids';
import { expandParam, readParams } from '../sandbox-params';
import { hostedPortalPath } from '../sandbox-paths';
import type { SandboxRoute } from '../sandbox-route';
import { getObject, insertObject } from '../sandbox-store';

/**
 * billing portal sessions: a link to the sandbox's hosted customer portal for one customer,
 * returning to `return_url`. As at Stripe, the session id in the address is the only way in.
 */
export function billingPortalRoutes(publicOrigin: string): SandboxRoute[] {
  return [
    {
      method: 'POST',
      path: '/billing_portal/sessions',
      async handle(context, request) {
        const params = readParams(
          z.strictObject({
            customer: z.string(),
            return_url: z.url().optional(),
            locale: z.string().optional(),
            expand: expandParam,
          }),
          request.input,
        );
        await getObject(context.db, 'customer', params.customer, 'customer');
        const id = sandboxId('bps');
        return insertObject(context.db, {
          id,
          object: 'billing_portal.session',
          configuration: 'bpc_sandbox_default',
          created: unixNow(),
          customer: params.customer,
          flow: null,
          livemode: false,
          locale: params.locale ?? null,
          on_behalf_of: null,
          return_url: params.return_url ?? null,
          url: `${publicOrigin}${hostedPortalPath(id)}`,
        });
      },
    },
  ];
}
