import { Alert } from '@mantine/core';
import {
  CHECKOUT_ERROR_TEXTS,
  checkoutErrorIn,
  checkoutReturnBanner,
  type CheckoutReturn,
} from '@mergeboard/core';

/** BILL-006: the banner of a return from checkout; BILL-026, BILL-027: a refused change. */
export function BillingBanners({
  checkoutReturn,
  search,
}: {
  checkoutReturn: CheckoutReturn;
  search: URLSearchParams;
}) {
  const banner = checkoutReturnBanner(checkoutReturn);
  const error = checkoutErrorIn(search);
  return (
    <>
      {banner && (
        <Alert color="green" title={banner.title}>
          {banner.message}
        </Alert>
      )}
      {error && (
        <Alert color="red" title="Your subscription was not changed">
          {CHECKOUT_ERROR_TEXTS[error]}
        </Alert>
      )}
    </>
  );
}
