import { z } from 'zod';
import { invalidParam } from '../sandbox-errors';
import { sandboxId, unixNow } from '../sandbox-ids';
import { expandParam, mergeMetadata, metadataParam, readParams } from '../sandbox-params';
import { listRoute } from '../sandbox-list';
import type { SandboxRoute } from '../sandbox-route';
import { getObject, insertObject, replaceObject, type StripeObject } from '../sandbox-store';
import { euVatCountry } from './eu-vat';

const address = z
  .strictObject({
    line1: z.string().optional(),
    line2: z.string().optional(),
    city: z.string().optional(),
    state: z.string().optional(),
    postal_code: z.string().optional(),
    country: z.string().optional(),
  })
  .optional();

const customerParams = z.strictObject({
  email: z.string().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  address,
  metadata: metadataParam,
  expand: expandParam,
});
const createParams = customerParams.extend({ test_clock: z.string().optional() });

const fullAddress = (value: z.infer<typeof address>) =>
  value
    ? {
        line1: value.line1 ?? null,
        line2: value.line2 ?? null,
        city: value.city ?? null,
        state: value.state ?? null,
        postal_code: value.postal_code ?? null,
        country: value.country ?? null,
      }
    : null;

/** customers: create, retrieve, update, list by email; tax ids (eu_vat checked as Stripe does). */
export const customerRoutes: SandboxRoute[] = [
  {
    method: 'POST',
    path: '/customers',
    async handle(context, request) {
      const params = readParams(createParams, request.input);
      if (params.test_clock)
        await getObject(context.db, 'test_helpers.test_clock', params.test_clock, 'test_clock');
      const customer = await insertObject(context.db, {
        id: sandboxId('cus'),
        object: 'customer',
        created: unixNow(),
        livemode: false,
        email: params.email ?? null,
        name: params.name ?? null,
        description: params.description ?? null,
        address: fullAddress(params.address),
        metadata: mergeMetadata({}, params.metadata),
        tax_exempt: 'none',
        currency: null,
        balance: 0,
        delinquent: false,
        test_clock: params.test_clock ?? null,
      });
      await context.emit('customer.created', customer);
      return customer;
    },
  },
  {
    method: 'GET',
    path: '/customers/:id',
    handle: (context, request) => getObject(context.db, 'customer', request.params.id!),
  },
  {
    method: 'POST',
    path: '/customers/:id',
    async handle(context, request) {
      const params = readParams(customerParams, request.input);
      const current = await getObject(context.db, 'customer', request.params.id!);
      const changes: Record<string, unknown> = {
        ...(params.email === undefined ? {} : { email: params.email }),
        ...(params.name === undefined ? {} : { name: params.name }),
        ...(params.description === undefined ? {} : { description: params.description }),
        ...(params.address === undefined ? {} : { address: fullAddress(params.address) }),
        ...(params.metadata === undefined
          ? {}
          : { metadata: mergeMetadata(current.metadata as Record<string, string>, params.metadata) }),
      };
      const previous = Object.fromEntries(Object.keys(changes).map((key) => [key, current[key]]));
      const customer = await replaceObject(context.db, { ...current, ...changes });
      if (Object.keys(changes).length > 0) await context.emit('customer.updated', customer, previous);
      return customer;
    },
  },
  listRoute({ path: '/customers', object: 'customer', filters: { email: z.string().optional() } }),
  {
    method: 'POST',
    path: '/customers/:id/tax_ids',
    async handle(context, request) {
      const params = readParams(
        z.strictObject({ type: z.string(), value: z.string(), expand: expandParam }),
        request.input,
      );
      const customer = await getObject(context.db, 'customer', request.params.id!, 'customer');
      if (params.type !== 'eu_vat') {
        throw invalidParam('type', `Invalid type: the sandbox knows eu_vat only, not ${params.type}.`);
      }
      const country = euVatCountry(params.value);
      if (!country) throw invalidParam('value', 'Invalid value for eu_vat.', 'tax_id_invalid');
      const taxId: StripeObject = await insertObject(context.db, {
        id: sandboxId('txi'),
        object: 'tax_id',
        created: unixNow(),
        livemode: false,
        customer: customer.id,
        type: 'eu_vat',
        value: params.value.replace(/[\s.-]/g, '').toUpperCase(),
        country: country === 'EL' ? 'GR' : country === 'XI' ? 'GB' : country,
        verification: { status: 'pending', verified_address: null, verified_name: null },
      });
      await context.emit('customer.tax_id.created', taxId);
      return taxId;
    },
  },
  listRoute({
    path: '/customers/:id/tax_ids',
    object: 'tax_id',
    filters: {},
    async match(_filters, request, context) {
      await getObject(context.db, 'customer', request.params.id!, 'customer');
      return { contains: { customer: request.params.id } };
    },
  }),
];
