import { z } from 'zod';
import { SandboxError, invalidParam } from '../sandbox-errors';
import { sandboxId, unixNow } from '../sandbox-ids';
import { expandParam, formBool, formInt, mergeMetadata, metadataParam, readParams } from '../sandbox-params';
import { listRoute } from '../sandbox-list';
import type { SandboxContext, SandboxRoute } from '../sandbox-route';
import {
  findObject,
  getObject,
  insertObject,
  listObjects,
  replaceObject,
  type StripeObject,
} from '../sandbox-store';

const productParams = z.strictObject({
  id: z.string().optional(),
  name: z.string().min(1),
  description: z.string().optional(),
  active: formBool.optional(),
  metadata: metadataParam,
  expand: expandParam,
});

async function createProduct(context: SandboxContext, params: z.infer<typeof productParams>) {
  if (params.id && (await findObject(context.db, 'product', params.id))) {
    throw new SandboxError(
      400,
      'invalid_request_error',
      `Product already exists.`,
      'resource_already_exists',
      'id',
    );
  }
  const product = await insertObject(context.db, {
    id: params.id ?? sandboxId('prod'),
    object: 'product',
    created: unixNow(),
    livemode: false,
    name: params.name,
    description: params.description ?? null,
    active: params.active ?? true,
    metadata: mergeMetadata({}, params.metadata),
    default_price: null,
  });
  await context.emit('product.created', product);
  return product;
}

const priceParams = z.strictObject({
  currency: z
    .string()
    .regex(/^[a-zA-Z]{3}$/)
    .transform((value) => value.toLowerCase()),
  unit_amount: formInt.min(0),
  product: z.string().optional(),
  product_data: z.strictObject({ name: z.string().min(1), metadata: metadataParam }).optional(),
  recurring: z
    .strictObject({
      interval: z.enum(['day', 'week', 'month', 'year']),
      interval_count: formInt.min(1).optional(),
    })
    .optional(),
  lookup_key: z.string().min(1).max(200).optional(),
  transfer_lookup_key: formBool.optional(),
  nickname: z.string().optional(),
  active: formBool.optional(),
  tax_behavior: z.enum(['inclusive', 'exclusive', 'unspecified']).optional(),
  metadata: metadataParam,
  expand: expandParam,
});

/** A lookup key names one price at a time; transferring it takes it from the price that held it. */
async function claimLookupKey(context: SandboxContext, key: string, transfer: boolean) {
  const holders = await listObjects(context.db, {
    object: 'price',
    url: '/v1/prices',
    limit: 1,
    contains: { lookup_key: key },
  });
  const holder = holders.data[0];
  if (!holder) return;
  if (!transfer) {
    throw invalidParam('lookup_key', `A price (\`${holder.id}\`) already uses that lookup key.`);
  }
  await replaceObject(context.db, { ...holder, lookup_key: null });
}

const couponParams = z.strictObject({
  id: z.string().min(1).optional(),
  name: z.string().optional(),
  percent_off: z.coerce.number().gt(0).max(100).optional(),
  amount_off: formInt.min(1).optional(),
  currency: z.string().optional(),
  duration: z.enum(['forever', 'once', 'repeating']).default('once'),
  duration_in_months: formInt.min(1).optional(),
  metadata: metadataParam,
  expand: expandParam,
});

/** products, prices (lookup keys, recurring) and coupons: the catalogue a checkout sells from. */
export const catalogRoutes: SandboxRoute[] = [
  {
    method: 'POST',
    path: '/products',
    handle: (context, request) => createProduct(context, readParams(productParams, request.input)),
  },
  {
    method: 'GET',
    path: '/products/:id',
    handle: (context, request) => getObject(context.db, 'product', request.params.id!),
  },
  listRoute({ path: '/products', object: 'product', filters: { active: formBool.optional() } }),
  {
    method: 'POST',
    path: '/prices',
    async handle(context, request) {
      const params = readParams(priceParams, request.input);
      if (!params.product === !params.product_data) {
        throw invalidParam('product', 'Exactly one of product or product_data is required.');
      }
      const product = params.product
        ? await getObject(context.db, 'product', params.product, 'product')
        : await createProduct(context, {
            name: params.product_data!.name,
            metadata: params.product_data!.metadata,
          });
      if (params.lookup_key)
        await claimLookupKey(context, params.lookup_key, params.transfer_lookup_key ?? false);
      const price: StripeObject = await insertObject(context.db, {
        id: sandboxId('price'),
        object: 'price',
        created: unixNow(),
        livemode: false,
        active: params.active ?? true,
        billing_scheme: 'per_unit',
        currency: params.currency,
        unit_amount: params.unit_amount,
        unit_amount_decimal: String(params.unit_amount),
        product: product.id,
        type: params.recurring ? 'recurring' : 'one_time',
        recurring: params.recurring
          ? {
              interval: params.recurring.interval,
              interval_count: params.recurring.interval_count ?? 1,
              usage_type: 'licensed',
              meter: null,
              trial_period_days: null,
            }
          : null,
        lookup_key: params.lookup_key ?? null,
        nickname: params.nickname ?? null,
        tax_behavior: params.tax_behavior ?? 'unspecified',
        tiers_mode: null,
        transform_quantity: null,
        metadata: mergeMetadata({}, params.metadata),
      });
      await context.emit('price.created', price);
      return price;
    },
  },
  {
    method: 'GET',
    path: '/prices/:id',
    handle: (context, request) => getObject(context.db, 'price', request.params.id!),
  },
  listRoute({
    path: '/prices',
    object: 'price',
    filters: {
      lookup_keys: z.array(z.string()).max(10).optional(),
      product: z.string().optional(),
      currency: z
        .string()
        .transform((value) => value.toLowerCase())
        .optional(),
      active: formBool.optional(),
      type: z.enum(['recurring', 'one_time']).optional(),
    },
    match: ({ lookup_keys: lookupKeys, ...equal }) => ({
      contains: equal,
      anyOf: lookupKeys ? { field: 'lookup_key', values: lookupKeys as string[] } : undefined,
    }),
  }),
  {
    method: 'POST',
    path: '/coupons',
    async handle(context, request) {
      const params = readParams(couponParams, request.input);
      if ((params.percent_off === undefined) === (params.amount_off === undefined)) {
        throw invalidParam('percent_off', 'Exactly one of percent_off or amount_off is required.');
      }
      if (params.amount_off !== undefined && !params.currency) {
        throw invalidParam('currency', 'A currency is required with amount_off.');
      }
      if ((params.duration === 'repeating') !== (params.duration_in_months !== undefined)) {
        throw invalidParam(
          'duration_in_months',
          'duration_in_months goes with duration repeating, and only with it.',
        );
      }
      if (params.id && (await findObject(context.db, 'coupon', params.id))) {
        throw new SandboxError(
          400,
          'invalid_request_error',
          'Coupon already exists.',
          'resource_already_exists',
          'id',
        );
      }
      const coupon = await insertObject(context.db, {
        id: params.id ?? sandboxId('cou'),
        object: 'coupon',
        created: unixNow(),
        livemode: false,
        name: params.name ?? null,
        percent_off: params.percent_off ?? null,
        amount_off: params.amount_off ?? null,
        currency: params.currency?.toLowerCase() ?? null,
        duration: params.duration,
        duration_in_months: params.duration_in_months ?? null,
        valid: true,
        times_redeemed: 0,
        max_redemptions: null,
        redeem_by: null,
        metadata: mergeMetadata({}, params.metadata),
      });
      await context.emit('coupon.created', coupon);
      return coupon;
    },
  },
  {
    method: 'GET',
    path: '/coupons/:id',
    handle: (context, request) => getObject(context.db, 'coupon', request.params.id!),
  },
];
