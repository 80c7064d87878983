import { cancelAutoRenewal as cancelAutoRenewalContract } from '@mergeboard/core';
import { defineRoute } from '../../../http/route';
import { cancelAutoRenewal } from './renewal-service';

export const renewalRoutes = [
  defineRoute({
    contract: cancelAutoRenewalContract,
    // The license is the caller's own; no space is named, so the account is the gate.
    access: { kind: 'user' },
    handler: ({ body, user, context }) =>
      cancelAutoRenewal(context.database.db, { userId: user.id, subscriptionId: body.subscriptionId }),
  }),
];
