import { describe, expect, it } from 'vitest';
import { CHECKOUT_FORM_DEFAULTS, checkoutFormSchema, purchaseTypeOf } from './checkout-form';

const valid = { ...CHECKOUT_FORM_DEFAULTS, name: 'Olivia Bennett', street: '1 Main St', city: 'Austin' };
const business = {
  ...valid,
  country: 'DE',
  isBusinessPurchase: true,
  vatNumber: 'DE123456789',
  companyName: 'Acme',
};

/** The error texts by field of one form, as the billing form shows them. */
function errorsOf(form: Record<string, unknown>): Record<string, string> {
  const result = checkoutFormSchema.safeParse(form);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe('billing form rules', () => {
  it('CHK-052 country is 2 uppercase letters', () => {
    expect(errorsOf({ ...valid, country: '' }).country).toBe('Country is a required field');
    expect(errorsOf({ ...valid, country: 'de' }).country).toBe('Country is a required field');
    expect(errorsOf({ ...valid, country: 'DEU' }).country).toBe('Country is a required field');
    expect(errorsOf(valid)).toEqual({});
  });

  it('CHK-053 isBusinessPurchase is a required boolean', () => {
    expect(errorsOf({ ...valid, isBusinessPurchase: undefined })).toHaveProperty('isBusinessPurchase');
    expect(errorsOf({ ...valid, isBusinessPurchase: 'yes' })).toHaveProperty('isBusinessPurchase');
  });

  it('CHK-054 CHK-055 a business needs a VAT id of 2+ characters and a company name', () => {
    expect(errorsOf(business)).toEqual({});
    expect(errorsOf({ ...business, vatNumber: 'D' }).vatNumber).toBe(
      'The VAT ID is a required field for a business purchase',
    );
    expect(errorsOf({ ...business, companyName: ' ' }).companyName).toBe('Company name is a required field');
    expect(errorsOf({ ...valid, vatNumber: '', companyName: '' })).toEqual({});
  });

  it('CHK-056 the company name is at most 256 characters', () => {
    expect(errorsOf({ ...valid, companyName: 'a'.repeat(257) }).companyName).toBe(
      'Company name must be at most 256 characters',
    );
    expect(errorsOf({ ...valid, companyName: 'a'.repeat(256) })).toEqual({});
  });

  it('CHK-057 CHK-058 CHK-059 the name: required; 30 for a business (with the spec’s wording), else 256', () => {
    expect(errorsOf({ ...valid, name: '' }).name).toBe('Name is a required field');
    expect(errorsOf({ ...business, name: 'a'.repeat(31) }).name).toBe(
      'Company name must be at most 30 characters',
    );
    expect(errorsOf({ ...business, name: 'a'.repeat(30) })).toEqual({});
    expect(errorsOf({ ...valid, name: 'a'.repeat(257) }).name).toBe('Name must be at most 256 characters');
    expect(errorsOf({ ...valid, name: 'a'.repeat(256) })).toEqual({});
  });

  it('CHK-060 CHK-061 street is required; the city too, with 2 characters at least', () => {
    expect(errorsOf({ ...valid, street: '' }).street).toBe('Street is a required field');
    expect(errorsOf({ ...valid, city: '' }).city).toBe('City is a required field');
    expect(errorsOf({ ...valid, city: 'A' }).city).toBe('City is a required field');
    expect(errorsOf({ ...valid, city: 'Ai' })).toEqual({});
  });

  it('CHK-062 CHK-063 state and postal code are optional, at most 256 and 30', () => {
    expect(errorsOf({ ...valid, state: '', code: '' })).toEqual({});
    expect(errorsOf({ ...valid, state: 'a'.repeat(257) })).toHaveProperty('state');
    expect(errorsOf({ ...valid, code: '1'.repeat(31) })).toHaveProperty('code');
    expect(errorsOf({ ...valid, state: 'a'.repeat(256), code: '1'.repeat(30) })).toEqual({});
  });

  it('CHK-069 PRICE-017 a company name makes the purchase B2B, else B2C', () => {
    expect(purchaseTypeOf('Acme')).toBe('B2B');
    expect(purchaseTypeOf('  ')).toBe('B2C');
    expect(purchaseTypeOf(undefined)).toBe('B2C');
  });
});
