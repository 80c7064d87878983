import { z } from 'zod';
import { sandboxId, unixNow } from '../sandbox-ids';
import { expandParam, formBool, mergeMetadata, metadataParam, readParams } from '../sandbox-params';
import { listRoute } from '../sandbox-list';
import type { SandboxRoute } from '../sandbox-route';
import { getObject, insertObject } from '../sandbox-store';

const taxRateParams = z.strictObject({
  display_name: z.string().min(1).max(50),
  percentage: z.coerce.number().min(0).max(100),
  inclusive: formBool,
  active: formBool.optional(),
  country: z.string().length(2).optional(),
  state: z.string().optional(),
  jurisdiction: z.string().max(50).optional(),
  description: z.string().optional(),
  tax_type: z.string().optional(),
  metadata: metadataParam,
  expand: expandParam,
});

/** tax_rates: the fixed rates a checkout, a preview and an invoice line carry. */
export const taxRateRoutes: SandboxRoute[] = [
  {
    method: 'POST',
    path: '/tax_rates',
    async handle(context, request) {
      const params = readParams(taxRateParams, request.input);
      const taxRate = await insertObject(context.db, {
        id: sandboxId('txr'),
        object: 'tax_rate',
        created: unixNow(),
        livemode: false,
        active: params.active ?? true,
        display_name: params.display_name,
        description: params.description ?? null,
        percentage: params.percentage,
        effective_percentage: params.percentage,
        inclusive: params.inclusive,
        country: params.country?.toUpperCase() ?? null,
        state: params.state ?? null,
        jurisdiction: params.jurisdiction ?? null,
        jurisdiction_level: null,
        flat_amount: null,
        rate_type: 'percentage',
        tax_type: params.tax_type ?? null,
        metadata: mergeMetadata({}, params.metadata),
      });
      await context.emit('tax_rate.created', taxRate);
      return taxRate;
    },
  },
  {
    method: 'GET',
    path: '/tax_rates/:id',
    handle: (context, request) => getObject(context.db, 'tax_rate', request.params.id!),
  },
  listRoute({
    path: '/tax_rates',
    object: 'tax_rate',
    filters: { active: formBool.optional(), inclusive: formBool.optional() },
  }),
];
