import { Alert } from '@mantine/core';
import type { SeatChangeFailure } from '@mergeboard/core';
import { env } from '../../../../config/env';
import { ConfiguredLink } from '../../../../ui/configured-link';

/** SEAT-018: a refused seat change, at the top of the page; the paid-user maximum offers Contact us. */
export function SeatChangeFailureAlert({ failure }: { failure: SeatChangeFailure }) {
  return (
    <Alert color="red" role="alert" title={failure.message} data-error-key={failure.key}>
      {failure.key === 'max_users_reached' && (
        <ConfiguredLink href={env.supportUrl} hideWithout c="inherit" underline="always">
          Contact us
        </ConfiguredLink>
      )}
    </Alert>
  );
}
