import type { PurchaseChoice } from '@mergeboard/core';
import { paths } from '../../../config/paths';

/** The query that carries the purchase from step to step. */
export const purchaseQuery = (purchase: PurchaseChoice) =>
  `?${new URLSearchParams({ plan: purchase.workspacePlan, interval: purchase.billingInterval })}`;

/** Where a step leads, as an href of the active space. */
export function stepHref(prefix: string, step: 'information' | 'summary', purchase: PurchaseChoice): string {
  return step === 'information'
    ? paths.space.checkoutInformation.getHref(prefix, purchaseQuery(purchase))
    : paths.space.checkoutReview.getHref(prefix, purchaseQuery(purchase));
}
