import { getRolloutStatus } from '@mergeboard/core';
import type { RolloutStatus } from '@mergeboard/core';
import { callAuthed } from '../../../lib/authed-call';

/** GET /api/v2/users/workspace-activation-status/me (API-007): the delegate eligibility check. */
export function fetchRolloutStatus(): Promise<RolloutStatus> {
  return callAuthed(getRolloutStatus);
}
