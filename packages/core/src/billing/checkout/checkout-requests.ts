import { purchaseTypeOf, type CheckoutForm } from './checkout-form';
import type { UserPlan } from '../../constants/domain';
import type { BillingInterval } from '../../constants/pricing';
import { CHECKOUT_FAILURE_TEXTS } from './session-failure';

interface SeatPlanLine {
  userPlan: Exclude<UserPlan, 'FREE'>;
  quantity: number;
}

export interface PurchaseChoice {
  workspacePlan: 'PRO' | 'PREMIUM';
  billingInterval: BillingInterval;
}

/** The seat plan a buyer pays: Pro Personal for a Gmail-type account, Pro for a domain one. */
export const seatUserPlan = (isGmailUser: boolean): SeatPlanLine['userPlan'] =>
  isGmailUser ? 'PRO_PERSONAL' : 'PRO';

/**
 * CHK-068, CHK-069: the v2 price preview's body. The country and the purchase type come from the
 * billing form (B2B once a company name is given), so the preview carries the buyer's tax.
 */
export function priceInfoV2Body(input: {
  form: Pick<CheckoutForm, 'country' | 'companyName'>;
  seatPlans: SeatPlanLine[];
  purchase: PurchaseChoice;
  previewProratedAmounts?: boolean;
}) {
  return {
    country: input.form.country,
    purchaseType: purchaseTypeOf(input.form.companyName),
    seatPlans: input.seatPlans,
    billingInterval: input.purchase.billingInterval,
    previewProratedAmounts: input.previewProratedAmounts ?? false,
    workspacePlan: input.purchase.workspacePlan,
  };
}

/** CHK-070: the older flow names the users and their plans instead of seat counts. */
export function priceInfoV1Body(input: {
  form: Pick<CheckoutForm, 'country' | 'companyName'>;
  userUpdates: { userId: string; userPlan: UserPlan }[];
  purchase: PurchaseChoice;
  upgradeLegacySubscription: boolean;
}) {
  return {
    country: input.form.country,
    purchaseType: purchaseTypeOf(input.form.companyName),
    userUpdates: input.userUpdates,
    billingInterval: input.purchase.billingInterval,
    workspacePlan: input.purchase.workspacePlan,
    upgradeLegacySubscription: input.upgradeLegacySubscription,
  };
}

/**
 * CHK-066, CHK-067, CHK-079: the checkout session's body from the billing form. The VAT id goes
 * only with a business purchase. Without the space or a plan to buy there is nothing to check
 * out: that is an error, not an empty session.
 */
export function checkoutSessionBody(input: {
  workspaceId: string | null | undefined;
  form: CheckoutForm;
  purchase: PurchaseChoice;
  goBackUrl: string;
  userName: string;
}) {
  if (!input.workspaceId) throw new Error(CHECKOUT_FAILURE_TEXTS.missingData);
  const { form } = input;
  return {
    workspaceId: input.workspaceId,
    addressInfo: {
      country: form.country,
      state: form.state,
      city: form.city,
      postalCode: form.code,
      street: form.street,
    },
    companyName: form.companyName,
    customerName: form.name,
    isB2BTransaction: form.isBusinessPurchase,
    ...(form.isBusinessPurchase ? { vatNumber: form.vatNumber } : {}),
    goBackUrl: input.goBackUrl,
    userName: input.userName,
    billingInterval: input.purchase.billingInterval,
    workspacePlan: input.purchase.workspacePlan,
  };
}

/** CHK-079: the plans a session buys; none means the purchase data is missing. */
export function requirePlans<T>(plans: readonly T[] | null | undefined): T[] {
  if (!plans || plans.length === 0) throw new Error(CHECKOUT_FAILURE_TEXTS.missingData);
  return [...plans];
}
