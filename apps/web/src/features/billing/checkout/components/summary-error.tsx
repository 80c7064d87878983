import { Alert, Anchor } from '@mantine/core';
import { CHECKOUT_FAILURE_TEXTS } from '@mergeboard/core';
import { env } from '../../../../config/env';

/** CHK-077: the summary's error, with the way to support. */
export function SummaryError() {
  return (
    <Alert color="red" role="alert" title={CHECKOUT_FAILURE_TEXTS.summary}>
      <Anchor href={env.supportUrl} c="inherit" underline="always">
        Contact support
      </Anchor>
    </Alert>
  );
}
