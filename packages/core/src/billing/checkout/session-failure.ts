/**
 * CHK-073 CHK-074 CHK-075 CHK-076 CHK-077 CHK-078 CHK-079 CHK-080: the texts a failed checkout shows (000
 * §8), word for word.
 */
export const CHECKOUT_FAILURE_TEXTS = {
  vatInvalid: 'This VAT ID doesn\u2019t seem to be valid.',
  tryAgain: 'An error occurred. Please try again.',
  generic: 'An error occurred.',
  summary: 'An error occurred. Please try again, if error persist contact our support',
  paymentPageUnavailable: 'An internal error occurred. Please try again later.',
  missingData: 'Workspace ID of stripe plans are not found',
} as const;

/** CHK-080: the key of every failure the checkout does not know better. */
export const SERVER_ERROR_KEY = 'server-error';

export type CheckoutSessionFailure =
  | { kind: 'field'; field: 'vatNumber'; message: string }
  | { kind: 'banner'; key: typeof SERVER_ERROR_KEY; message: string };

const VAT_REFUSED = /tax_id_invalid|vat (number|id) (is )?not valid/i;

/**
 * CHK-074, CHK-075: a refused VAT id becomes the VAT field's error; any other failure the banner.
 * The server answers `{ error: { code, message } }`: its code tax_id_invalid, or a provider
 * message naming the refusal, both count.
 */
export function checkoutSessionFailure(error: { code?: string; message?: string }): CheckoutSessionFailure {
  if (error.code === 'tax_id_invalid' || VAT_REFUSED.test(error.message ?? '')) {
    return { kind: 'field', field: 'vatNumber', message: CHECKOUT_FAILURE_TEXTS.vatInvalid };
  }
  return { kind: 'banner', key: SERVER_ERROR_KEY, message: CHECKOUT_FAILURE_TEXTS.tryAgain };
}

/**
 * CHK-078: the hosted payment page is the card library of this app; an answer without a page to
 * open cannot take a payment.
 */
export function hostedCheckoutUrl(url: string): string {
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  if (parsed === null || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    throw new Error(CHECKOUT_FAILURE_TEXTS.paymentPageUnavailable);
  }
  return parsed.href;
}
