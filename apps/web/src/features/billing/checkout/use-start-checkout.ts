import {
  CHECKOUT_FAILURE_TEXTS,
  checkoutSessionBody,
  checkoutSessionFailure,
  hostedCheckoutUrl,
  requirePlans,
  SERVER_ERROR_KEY,
  seatUserPlan,
  type CheckoutForm,
  type CheckoutSessionFailure,
  type PaymentInfo,
  type PurchaseChoice,
} from '@mergeboard/core';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { browserLocation } from '../../../lib/browser-location';
import { logEvent } from '../../events';
import { useSpace } from '../../spaces';
import { useCreateCheckoutSession, type CheckoutSessionRequest } from './api/create-checkout-session';
import { checkoutStorage } from './checkout-storage';
import type { CheckoutFlow } from './use-checkout-flow';

const OWN_TEXTS: readonly string[] = [
  CHECKOUT_FAILURE_TEXTS.paymentPageUnavailable,
  CHECKOUT_FAILURE_TEXTS.missingData,
];

function failureOf(error: unknown): CheckoutSessionFailure {
  if (isApiError(error)) return checkoutSessionFailure(error);
  const message =
    error instanceof Error && OWN_TEXTS.includes(error.message)
      ? error.message
      : CHECKOUT_FAILURE_TEXTS.tryAgain;
  return { kind: 'banner', key: SERVER_ERROR_KEY, message };
}

/**
 * CHK-064, CHK-066, CHK-073 CHK-074 CHK-075 CHK-076 CHK-077 CHK-078 CHK-079 CHK-080: 'Next: Checkout'. Stores
 * the form, asks for a checkout session (v2 with seat plans in per-seat spaces, v1 with the previewed plans
 * otherwise) and sends the browser to the hosted checkout; `busy` stays on until the browser has left. A
 * failure scrolls to the top and says what went wrong: on the VAT field, or in the banner.
 */
export function useStartCheckout(flow: CheckoutFlow) {
  const { space, user } = useSpace();
  const session = useCreateCheckoutSession();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<CheckoutSessionFailure | null>(null);

  const start = async (input: {
    form: CheckoutForm;
    purchase: PurchaseChoice;
    seats: number;
    info: PaymentInfo | undefined;
    goBackUrl: string;
  }) => {
    setBusy(true);
    setFailure(null);
    checkoutStorage.writeForm(input.form);
    logEvent('checkout_button_click', { flow: flow.type, seats: input.seats }, space.workspaceId);
    try {
      const body = checkoutSessionBody({
        workspaceId: space.workspaceId,
        form: input.form,
        purchase: input.purchase,
        goBackUrl: input.goBackUrl,
        userName: user.userName,
      });
      const request: CheckoutSessionRequest =
        flow.kind === 'seat'
          ? {
              version: 2,
              workspaceId: space.workspaceId,
              body: {
                ...body,
                seatPlans: [{ userPlan: seatUserPlan(flow.isGmailUser), quantity: input.seats }],
              },
            }
          : {
              version: 1,
              workspaceId: space.workspaceId,
              body: {
                ...body,
                stripePlans: requirePlans(input.info?.stripePlans).map(({ stripePriceId, quantity }) => ({
                  stripePriceId,
                  quantity,
                })),
              },
            };
      const answer = await session.mutateAsync(request);
      browserLocation.assign(hostedCheckoutUrl(answer.url));
    } catch (error) {
      window.scrollTo({ top: 0 });
      setFailure(failureOf(error));
      setBusy(false);
    }
  };

  return {
    start,
    busy,
    failure,
    clearFieldFailure: () => setFailure((f) => (f?.kind === 'field' ? null : f)),
  };
}
