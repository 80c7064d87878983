import { Alert, Anchor } from '@mantine/core';
import type { SeatChangeFailure } from '@mergeboard/core';
import { env } from '../../../../config/env';

/** SEAT-018: a refused seat change, at the top of the page; the paid-user maximum offers Contact us. */
export function SeatChangeFailureAlert({ failure }: { failure: SeatChangeFailure }) {
  return (
    <Alert color="red" role="alert" title={failure.message} data-error-key={failure.key}>
      {failure.key === 'max_users_reached' && (
        <Anchor href={env.supportUrl} c="inherit" underline="always">
          Contact us
        </Anchor>
      )}
    </Alert>
  );
}
