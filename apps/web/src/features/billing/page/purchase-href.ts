import { paths } from '../../../config/paths';

const PRO_YEARLY = '?plan=PRO&interval=YEARLY';
/** The older checkout's Premium purchase (CHK-043); per-seat spaces are not sold it (CHK-042). */
export const PREMIUM_YEARLY = '?plan=PREMIUM&interval=YEARLY';

/**
 * BILL-008, ROUTE-029: where buying starts. Per-seat spaces: a Gmail-type user skips the seat
 * page (GMAIL_PURCHASE starts at Billing information), a domain user starts at Billing details;
 * other spaces use the older checkout. The purchase defaults are PRO, YEARLY (PRICE-017).
 */
export function purchaseHref({
  prefix,
  isPerSeat,
  isGmailUser,
}: {
  prefix: string;
  isPerSeat: boolean;
  isGmailUser: boolean;
}): string {
  if (!isPerSeat) return paths.space.checkoutStart.getHref(prefix, PRO_YEARLY);
  if (isGmailUser) return paths.space.checkoutInformation.getHref(prefix, PRO_YEARLY);
  return paths.space.checkoutDetails.getHref(prefix);
}
