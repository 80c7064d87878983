import { z } from 'zod';
import { previousAttributes } from '../previous-attributes';
import { expandParam, formBool, mergeMetadata, metadataParam, readParams } from '../sandbox-params';
import type { SandboxContext, SandboxRoute } from '../sandbox-route';
import { getObject, replaceObject } from '../sandbox-store';

const productUpdateParams = z.strictObject({
  name: z.string().min(1).optional(),
  description: z.string().optional(),
  active: formBool.optional(),
  metadata: metadataParam,
  expand: expandParam,
});

/** Stripe lets a coupon change only its name and metadata once created; so does the sandbox. */
const couponUpdateParams = z.strictObject({
  name: z.string().optional(),
  metadata: metadataParam,
  expand: expandParam,
});

/** Writes the given fields and sends `{object}.updated` with their earlier values, when any changed. */
async function update(
  context: SandboxContext,
  object: 'product' | 'coupon',
  id: string,
  params: { metadata?: Record<string, string> | undefined; [field: string]: unknown },
) {
  const current = await getObject(context.db, object, id);
  const { metadata, expand: _expand, ...fields } = params;
  const next = {
    ...current,
    ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
    metadata: mergeMetadata(current.metadata as Record<string, string>, metadata),
  };
  const previous = previousAttributes(current, next);
  if (Object.keys(previous).length === 0) return current;
  const saved = await replaceObject(context.db, next);
  await context.emit(`${object}.updated`, saved, previous);
  return saved;
}

/**
 * Renaming a product or a coupon (`POST /v1/products/:id`, `POST /v1/coupons/:id`): the catalogue
 * setup names them as the app names the plan and the discount, also where an older setup created
 * them under other names.
 */
export const catalogUpdateRoutes: SandboxRoute[] = [
  {
    method: 'POST',
    path: '/products/:id',
    handle: (context, request) =>
      update(context, 'product', request.params.id!, readParams(productUpdateParams, request.input)),
  },
  {
    method: 'POST',
    path: '/coupons/:id',
    handle: (context, request) =>
      update(context, 'coupon', request.params.id!, readParams(couponUpdateParams, request.input)),
  },
];
