import { Alert } from '@mantine/core';
import { CHECKOUT_FAILURE_TEXTS } from '@mergeboard/core';
import { env } from '../../../../config/env';
import { ConfiguredLink } from '../../../../ui/configured-link';

/** CHK-077: the summary's error, with the way to support. */
export function SummaryError() {
  return (
    <Alert color="red" role="alert" title={CHECKOUT_FAILURE_TEXTS.summary}>
      <ConfiguredLink href={env.supportUrl} hideWithout c="inherit" underline="always">
        Contact support
      </ConfiguredLink>
    </Alert>
  );
}
