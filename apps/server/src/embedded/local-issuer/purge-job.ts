import { defineJob } from '../../jobs/job';
import { purgeExpiredIssuerState } from './adapter';

/**
 * Deletes expired issuer state (interactions, codes, sessions, grants) every quarter hour. In a
 * module of its own: the worker runs it without loading the issuer (oidc-provider).
 */
export const purgeExpiredIssuerStateJob = defineJob({
  name: 'purge-expired-issuer-state',
  schedule: '*/15 * * * *',
  run: ({ database }) => purgeExpiredIssuerState(database),
});
