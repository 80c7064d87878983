import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, readCard } from './cards';

describe("the sandbox's test cards", () => {
  it.each([
    ['4242 4242 4242 4242', 'pays'],
    ['4000-0000-0000-0002', 'declined'],
    ['4000002500003155', 'authenticate'],
    ['4000 0000 0000 0341', 'fails-later'],
  ])('%s %s, as at Stripe', (number, behaviour) => {
    expect(readCard(number)).toMatchObject({ ok: true, behaviour });
  });

  it.each([
    ['4242 4242', CARD_MESSAGES.incomplete],
    ['4242 4242 4242 4241', CARD_MESSAGES.invalid],
    ['4242 abcd 4242 4242', CARD_MESSAGES.invalid],
    ['4539 1488 0343 6467', CARD_MESSAGES.notTest],
  ])('refuses %s with Stripe’s words', (number, message) => {
    expect(readCard(number)).toEqual({ ok: false, message });
  });

  it('keeps only the last four digits of what it read', () => {
    expect(readCard('4242424242424242')).toMatchObject({ last4: '4242', brand: 'visa' });
  });
});
