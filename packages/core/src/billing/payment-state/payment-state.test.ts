import { describe, expect, it } from 'vitest';
import { paymentStateOf } from './payment-state';

describe('paymentStateOf', () => {
  it('BILL-018 an unpaid invoice whose payment intent requires a payment method has failed', () => {
    expect(paymentStateOf({ paid: false, paymentIntent: { status: 'requires_payment_method' } })).toBe(
      'PAYMENT_FAILED',
    );
  });

  it.each(['requires_action', 'requires_confirmation'])(
    'BILL-019 an unpaid invoice whose payment intent is %s needs confirmation',
    (status) => {
      expect(paymentStateOf({ paid: false, paymentIntent: { status } })).toBe('REQUIRES_CONFIRMATION');
    },
  );

  it.each(['requires_payment_method', 'requires_action', 'requires_confirmation', null])(
    'BILL-020 a paid invoice clears both states, whatever the intent says (%s)',
    (status) => {
      expect(paymentStateOf({ paid: true, paymentIntent: { status } })).toBe('PAID');
    },
  );

  it.each(['processing', null])(
    'an unpaid invoice with intent %s is pending, neither failed nor confirming',
    (status) => {
      expect(paymentStateOf({ paid: false, paymentIntent: { status } })).toBe('PENDING');
    },
  );
});
