import { describe, expect, it } from 'vitest';
import { CHECKOUT_FORM_DEFAULTS } from './checkout-form';
import { PURCHASE_DEFAULTS } from '../../constants/limits';
import { parseStoredCheckoutForm, parseStoredSeatQuantity } from './checkout-storage';

const filled = { ...CHECKOUT_FORM_DEFAULTS, country: 'DE', name: 'Olivia', city: 'Berlin' };

describe('stored checkout state', () => {
  it('CHK-047 CHK-048 a stored form is read back; nothing stored gives country US, not a business', () => {
    expect(parseStoredCheckoutForm(JSON.stringify(filled))).toEqual({ value: filled, problem: null });
    expect(parseStoredCheckoutForm(null)).toEqual({ value: CHECKOUT_FORM_DEFAULTS, problem: null });
    expect(CHECKOUT_FORM_DEFAULTS.country).toBe('US');
    expect(CHECKOUT_FORM_DEFAULTS.isBusinessPurchase).toBe(false);
  });

  it('CHK-050 a malformed stored form is reported and the defaults are used', () => {
    for (const raw of [
      '{not json',
      '[]',
      JSON.stringify({ ...filled, country: 'germany' }),
      '{"name":"x"}',
    ]) {
      const read = parseStoredCheckoutForm(raw);
      expect(read.value).toEqual(CHECKOUT_FORM_DEFAULTS);
      expect(read.problem).toBe('The stored checkout form is malformed');
    }
  });

  it('CHK-049 the purchase defaults: PRO, YEARLY, 1 seat', () => {
    expect(PURCHASE_DEFAULTS).toMatchObject({ plan: 'PRO', billingInterval: 'YEARLY', seatQuantity: 1 });
    expect(parseStoredSeatQuantity(null)).toEqual({ value: 1, problem: null });
    expect(parseStoredSeatQuantity('7')).toEqual({ value: 7, problem: null });
  });

  it('CHK-051 a seat quantity that cannot be parsed is reported and 1 is used', () => {
    for (const raw of ['seven', '', '2.5', '0', '101', '-3']) {
      const read = parseStoredSeatQuantity(raw);
      expect(read.value).toBe(1);
      expect(read.problem).toContain('cannot be parsed');
    }
  });
});
