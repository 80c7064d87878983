import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_FAILURE_TEXTS,
  checkoutSessionFailure,
  hostedCheckoutUrl,
  SERVER_ERROR_KEY,
} from './session-failure';

describe('checkout session failures', () => {
  it('CHK-074 a refused VAT id is the VAT field’s error', () => {
    const field = { kind: 'field', field: 'vatNumber', message: 'This VAT ID doesn’t seem to be valid.' };
    expect(checkoutSessionFailure({ code: 'tax_id_invalid', message: 'x' })).toEqual(field);
    expect(
      checkoutSessionFailure({ code: 'payment_provider_error', message: 'Stripe: tax_id_invalid' }),
    ).toEqual(field);
    expect(
      checkoutSessionFailure({ code: 'payment_provider_error', message: 'The VAT number is not valid' }),
    ).toEqual(field);
  });

  it('CHK-075 CHK-080 anything else is the banner, keyed server-error', () => {
    expect(checkoutSessionFailure({ code: 'payment_provider_error', message: 'card network down' })).toEqual({
      kind: 'banner',
      key: SERVER_ERROR_KEY,
      message: 'An error occurred. Please try again.',
    });
    expect(SERVER_ERROR_KEY).toBe('server-error');
  });

  it('CHK-076 CHK-077 the other banner texts, word for word', () => {
    expect(CHECKOUT_FAILURE_TEXTS.generic).toBe('An error occurred.');
    expect(CHECKOUT_FAILURE_TEXTS.summary).toBe(
      'An error occurred. Please try again, if error persist contact our support',
    );
  });

  it('CHK-078 without a hosted payment page to open: An internal error occurred. Please try again later.', () => {
    expect(hostedCheckoutUrl('http://localhost:3000/sandbox/checkout/cs_1')).toBe(
      'http://localhost:3000/sandbox/checkout/cs_1',
    );
    expect(() => hostedCheckoutUrl('')).toThrow('An internal error occurred. Please try again later.');
    expect(() => hostedCheckoutUrl('javascript:alert(1)')).toThrow(
      'An internal error occurred. Please try again later.',
    );
  });
});
