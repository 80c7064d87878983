import {
  CHECKOUT_STORAGE_KEYS,
  parseStoredCheckoutForm,
  parseStoredSeatQuantity,
  type CheckoutForm,
  type Stored,
} from '@mergeboard/core';
import { readStorage, writeStorage } from '../../../lib/browser-storage';

/** CHK-050, CHK-051: a malformed stored value goes to error reporting (the console in this install). */
function reported<T>(read: Stored<T>): T {
  if (read.problem) console.error(`Checkout: ${read.problem}`);
  return read.value;
}

/** CHK-047 (C11): the billing form and the seat count live in session storage between steps. */
export const checkoutStorage = {
  readForm: (): CheckoutForm =>
    reported(parseStoredCheckoutForm(readStorage('session', CHECKOUT_STORAGE_KEYS.form))),
  writeForm: (form: CheckoutForm) =>
    writeStorage('session', CHECKOUT_STORAGE_KEYS.form, JSON.stringify(form)),
  readSeats: (): number =>
    reported(parseStoredSeatQuantity(readStorage('session', CHECKOUT_STORAGE_KEYS.seats))),
  writeSeats: (seats: number) => writeStorage('session', CHECKOUT_STORAGE_KEYS.seats, String(seats)),
};
