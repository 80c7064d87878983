import { Text } from '@mantine/core';
import { env } from '../../../../config/env';
import { ConfiguredLink } from '../../../../ui/configured-link';
import { ResultError, ResultPage } from '../../../public-pages';

/** RES-012: success=1. PayPal keeps the payments, so their history is looked up there. */
export function RenewalStopped() {
  return (
    <ResultPage heading="Autorenewal stopped successfully">
      <Text>Your payment history remains available in your PayPal account.</Text>
    </ResultPage>
  );
}

/**
 * RES-013, RES-014 (C14): success=0 is the result pages' error view; arriving from a failed
 * confirmation it says so in the cancel-renewal failure text, whose Help center is the link.
 */
export function RenewalNotStopped({ afterFailedCall }: { afterFailedCall: boolean }) {
  if (!afterFailedCall) return <ResultError />;
  return (
    <ResultPage heading="Sorry, an error ocurred">
      <Text role="alert">
        Sorry, an error ocurred. Please try again or visit our{' '}
        <ConfiguredLink href={env.helpCenterUrl} target="_blank" rel="noopener noreferrer">
          Help center
        </ConfiguredLink>
        .
      </Text>
    </ResultPage>
  );
}
