/**
 * Stripe's test cards, by what they do. Any other number is refused, as Stripe's test mode
 * refuses real cards.
 */
export type CardBehaviour = 'pays' | 'declined' | 'authenticate' | 'fails-later';

const TEST_CARDS: Record<string, { behaviour: CardBehaviour; brand: string }> = {
  '4242424242424242': { behaviour: 'pays', brand: 'visa' },
  '5555555555554444': { behaviour: 'pays', brand: 'mastercard' },
  '4000000000000002': { behaviour: 'declined', brand: 'visa' },
  '4000002500003155': { behaviour: 'authenticate', brand: 'visa' },
  '4000000000000341': { behaviour: 'fails-later', brand: 'visa' },
};

type CardReading =
  | { ok: true; number: string; behaviour: CardBehaviour; brand: string; last4: string }
  | { ok: false; message: string };

/** Stripe's own wording for the card errors a person sees on the payment page. */
export const CARD_MESSAGES = {
  incomplete: 'Your card number is incomplete.',
  invalid: 'Your card number is invalid.',
  notTest: 'Your card was declined. Your request was in test mode, but used a non test card.',
  declined: 'Your card was declined.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const;

const luhn = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
};

export function readCard(input: string): CardReading {
  const number = input.replace(/[\s-]/g, '');
  if (!/^\d*$/.test(number)) return { ok: false, message: CARD_MESSAGES.invalid };
  if (number.length < 13) return { ok: false, message: CARD_MESSAGES.incomplete };
  if (number.length > 19 || !luhn(number)) return { ok: false, message: CARD_MESSAGES.invalid };
  const card = TEST_CARDS[number];
  if (!card) return { ok: false, message: CARD_MESSAGES.notTest };
  return { ok: true, number, ...card, last4: number.slice(-4) };
}
