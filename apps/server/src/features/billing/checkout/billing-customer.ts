import { isEuCountry } from '@mergeboard/core';
import Stripe from 'stripe';
import type { Db } from '../../../db/client';
import { AppError } from '../../../http/app-error';
import { customerOfSpace, insertBillingCustomer } from './checkout-queries';

const VAT_ID_INVALID = 'This VAT ID doesn’t seem to be valid.';

interface BillingDetails {
  email: string;
  name: string;
  companyName: string;
  isBusiness: boolean;
  vatNumber: string;
  address: { country: string; state: string; city: string; postalCode: string; street: string };
}

export async function customerIdOfSpace(db: Db, workspaceId: string): Promise<string | null> {
  return (await customerOfSpace(db, workspaceId))?.customerId ?? null;
}

/** Stripe wants an EU VAT id with its country prefix; people often type it without. */
const euVatValue = (country: string, vatNumber: string) => {
  const compact = vatNumber.replace(/[\s.-]/g, '').toUpperCase();
  const prefix = country === 'GR' ? 'EL' : country;
  return compact.startsWith(prefix) ? compact : `${prefix}${compact}`;
};

async function attachVatId(stripe: Stripe, customerId: string, details: BillingDetails): Promise<void> {
  if (!details.isBusiness || !isEuCountry(details.address.country)) return;
  const value = euVatValue(details.address.country, details.vatNumber);
  const existing = await stripe.customers.listTaxIds(customerId, { limit: 100 });
  if (existing.data.some((taxId) => taxId.value === value)) return;
  try {
    await stripe.customers.createTaxId(customerId, { type: 'eu_vat', value });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError && error.code === 'tax_id_invalid') {
      throw new AppError('tax_id_invalid', VAT_ID_INVALID, { fields: { 'body.vatNumber': VAT_ID_INVALID } });
    }
    throw error;
  }
}

/**
 * The space's one customer (design/payments.md §3, "customer first"): created once — the
 * idempotency key per space makes two tabs buying at once get the same customer — then kept up
 * to date with the billing form's name, address and EU VAT id before every checkout.
 */
export async function upsertBillingCustomer(
  db: Db,
  stripe: Stripe,
  options: { workspaceId: string; provider: string; details: BillingDetails },
): Promise<string> {
  const { details, workspaceId } = options;
  const fields = {
    email: details.email,
    name: details.isBusiness ? details.companyName : details.name,
    address: {
      country: details.address.country,
      state: details.address.state,
      city: details.address.city,
      postal_code: details.address.postalCode,
      line1: details.address.street,
    },
    metadata: {
      workspaceId,
      contactName: details.name,
      isBusiness: String(details.isBusiness),
      ...(details.isBusiness && !isEuCountry(details.address.country)
        ? { vatNumber: details.vatNumber }
        : {}),
    },
  };
  let customerId = await customerIdOfSpace(db, workspaceId);
  if (customerId) {
    await stripe.customers.update(customerId, fields);
  } else {
    const created = await stripe.customers.create(fields, {
      idempotencyKey: `customer-of-space-${workspaceId}`,
    });
    await insertBillingCustomer(db, { workspaceId, provider: options.provider, customerId: created.id });
    customerId = (await customerIdOfSpace(db, workspaceId)) ?? created.id;
  }
  await attachVatId(stripe, customerId, details);
  return customerId;
}
