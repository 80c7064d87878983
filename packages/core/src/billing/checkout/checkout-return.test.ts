import { describe, expect, it } from 'vitest';
import { checkoutReturnBanner, parseCheckoutReturn, withoutCheckoutParams } from './checkout-return';

const parse = (query: string, plan: 'FREE' | 'PRO' = 'PRO') =>
  parseCheckoutReturn(new URLSearchParams(query), plan);

describe('checkout return', () => {
  it('BILL-029 without a success flag there is no return (type none)', () => {
    expect(parse('')).toEqual({ type: 0 });
    expect(parse('from=FREE&to=PRO&workspaceSeats=5')).toEqual({ type: 0 });
    expect(parse('checkout=success')).toEqual({ type: 0 });
  });

  it('BILL-028 BILL-029 C7 status=success from the hosted checkout is a FREE-to-paid purchase (1)', () => {
    expect(parse('status=success&from=FREE&to=PRO&toInterval=YEARLY&gmailSeats=0&workspaceSeats=5')).toEqual({
      type: 1,
      to: 'PRO',
      interval: 'YEARLY',
      seats: { kind: 'workspace', count: 5 },
    });
  });

  it('BILL-029 C7 checkout=success with a seat-change parameter is a seat increase (2) or decrease (3)', () => {
    expect(parse('checkout=success&addedSeats=3')).toEqual({ type: 2, seats: 3 });
    expect(parse('checkout=success&removedSeats=1')).toEqual({ type: 3, seats: 1 });
  });

  it('BILL-001 C8 gmailUsers and workspaceUsers are accepted for gmailSeats and workspaceSeats', () => {
    expect(parse('status=success&from=FREE&to=PRO&gmailUsers=1&workspaceUsers=0')).toMatchObject({
      type: 1,
      seats: { kind: 'gmail', count: 1 },
    });
    expect(parse('checkout=success&from=FREE&to=PREMIUM&workspaceUsers=12')).toMatchObject({
      type: 1,
      to: 'PREMIUM',
      seats: { kind: 'workspace', count: 12 },
    });
  });

  it('BILL-030 a return to a space still on FREE goes to plain billing', () => {
    expect(parse('status=success&from=FREE&to=PRO&workspaceSeats=5', 'FREE')).toEqual({ type: 'REDIRECT' });
  });

  it.each(['0', '101', '-1', '2.5', 'abc', ''])(
    'BILL-031 C9 a seat parameter %j (not 1 to 100) goes to plain billing',
    (value) => {
      expect(parse(`checkout=success&addedSeats=${value}`)).toEqual({ type: 'REDIRECT' });
      expect(parse(`status=success&from=FREE&to=PRO&workspaceSeats=${value}`)).toEqual({ type: 'REDIRECT' });
    },
  );

  it('BILL-031 C9 100 seats keep their banner (the purchase maximum)', () => {
    expect(parse('checkout=success&addedSeats=100')).toEqual({ type: 2, seats: 100 });
    expect(parse('status=success&from=FREE&to=PRO&workspaceSeats=100')).toMatchObject({ type: 1 });
  });

  it.each([
    ['gmailSeats=2&workspaceSeats=0', 'gmailSeats above 1'],
    ['gmailSeats=1&workspaceSeats=3', 'both non-zero'],
    ['gmailSeats=0&workspaceSeats=0', 'both zero'],
    ['workspaceSeats=101', 'workspaceSeats above 100'],
  ])('BILL-032 inconsistent seats (%s: %s) go to plain billing', (seats) => {
    expect(parse(`status=success&from=FREE&to=PRO&${seats}`)).toEqual({ type: 'REDIRECT' });
  });

  it('BILL-032 inconsistent plans (from not FREE, to FREE or unknown) go to plain billing', () => {
    expect(parse('status=success&from=PRO&to=PREMIUM&workspaceSeats=5')).toEqual({ type: 'REDIRECT' });
    expect(parse('status=success&from=FREE&to=FREE&workspaceSeats=5')).toEqual({ type: 'REDIRECT' });
    expect(parse('status=success&from=FREE&workspaceSeats=5')).toEqual({ type: 'REDIRECT' });
  });

  it('BILL-006 the banner names the new plan, the seats and the interval', () => {
    expect(
      checkoutReturnBanner(parse('status=success&from=FREE&to=PRO&toInterval=YEARLY&workspaceSeats=5')),
    ).toEqual({
      title: 'Thank you for your purchase!',
      message: 'Your space is now on the Pro plan with 5 seats, billed annually.',
    });
    expect(checkoutReturnBanner(parse('status=success&from=FREE&to=PRO&gmailSeats=1'))?.message).toBe(
      'Your space is now on the Pro Personal plan with 1 seat.',
    );
    expect(checkoutReturnBanner(parse('checkout=success&addedSeats=1'))?.message).toBe(
      'You successfully added 1 seat to your subscription.',
    );
    expect(checkoutReturnBanner(parse('checkout=success&removedSeats=2'))?.message).toBe(
      '2 seats will be removed from your subscription at its next renewal.',
    );
    expect(checkoutReturnBanner(parse(''))).toBeNull();
  });

  it('BILL-002 the checkout parameters are dropped, the others kept', () => {
    expect(
      withoutCheckoutParams(
        new URLSearchParams('show-plans=1&checkout=success&addedSeats=2&from=users&plan=PRO'),
      ),
    ).toBe('?show-plans=1');
    expect(withoutCheckoutParams(new URLSearchParams('status=success&checkout-error=x'))).toBe('');
  });
});
