import { z } from 'zod';
import { text } from '../../contracts/text';
import { CHECKOUT_FIELD_LIMITS as LIMITS, PURCHASE_DEFAULTS } from '../../constants/limits';

/**
 * The billing information form (000 §3 Checkout form, §5 rules, CHK-052 CHK-053 CHK-054 CHK-055 CHK-056
 * CHK-057 CHK-058 CHK-059 CHK-060 CHK-061 CHK-062 CHK-063). The web validates with it field by field; the
 * server refuses the same rules on the checkout-session call, with the same texts. Texts are the spec's, word
 * for word (CHK-058 keeps its wrong wording on purpose).
 */
export const checkoutFormSchema = z
  .object({
    country: text().regex(/^[A-Z]{2}$/, 'Country is a required field'),
    isBusinessPurchase: z.boolean(),
    vatNumber: text().trim().default(''),
    companyName: z
      .string()
      .trim()
      .max(LIMITS.companyMax, `Company name must be at most ${LIMITS.companyMax} characters`)
      .default(''),
    name: text().trim().min(1, 'Name is a required field'),
    street: text().trim().min(1, 'Street is a required field'),
    city: text().trim().min(LIMITS.cityMin, 'City is a required field'),
    state: z
      .string()
      .trim()
      .max(LIMITS.stateMax, `State must be at most ${LIMITS.stateMax} characters`)
      .default(''),
    code: z
      .string()
      .trim()
      .max(LIMITS.postalCodeMax, `Postal code must be at most ${LIMITS.postalCodeMax} characters`)
      .default(''),
  })
  .superRefine((form, context) => {
    if (form.isBusinessPurchase) {
      if (form.vatNumber.length < LIMITS.vatMin) {
        context.addIssue({
          code: 'custom',
          path: ['vatNumber'],
          message: 'The VAT ID is a required field for a business purchase',
        });
      }
      if (form.companyName === '') {
        context.addIssue({
          code: 'custom',
          path: ['companyName'],
          message: 'Company name is a required field',
        });
      }
      if (form.name.length > LIMITS.businessNameMax) {
        context.addIssue({
          code: 'custom',
          path: ['name'],
          message: `Company name must be at most ${LIMITS.businessNameMax} characters`,
        });
      }
    } else if (form.name.length > LIMITS.nameMax) {
      context.addIssue({
        code: 'custom',
        path: ['name'],
        message: `Name must be at most ${LIMITS.nameMax} characters`,
      });
    }
  });

export type CheckoutForm = z.output<typeof checkoutFormSchema>;

/** CHK-048: what a new form starts with. */
export const CHECKOUT_FORM_DEFAULTS: CheckoutForm = {
  country: PURCHASE_DEFAULTS.country,
  isBusinessPurchase: false,
  vatNumber: '',
  companyName: '',
  name: '',
  street: '',
  city: '',
  state: '',
  code: '',
};

/** CHK-069, PRICE-017: a company name makes the purchase B2B. */
export const purchaseTypeOf = (companyName: string | null | undefined): 'B2B' | 'B2C' =>
  companyName && companyName.trim() !== '' ? 'B2B' : 'B2C';
