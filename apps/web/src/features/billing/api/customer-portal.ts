import { useQueryClient } from '@tanstack/react-query';
import { customerPortalV1, STALE_TIME_MS } from '@mergeboard/core';
import { useState } from 'react';
import { contractQueryOptions } from '../../../lib/api-query';
import { browserLocation } from '../../../lib/browser-location';

/**
 * GET …/stripe/customer/v1/portal (API-033, BILL-033): asked for when the person chooses to go
 * (never before: the answer is a session at the provider), with this page as the way back, then
 * the browser goes to the portal. Cached without end, as the spec's stale time says (CONST-026).
 */
export function useOpenCustomerPortal(workspaceId: string) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const open = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const { stripeCustomerPortalUrl } = await queryClient.fetchQuery(
        contractQueryOptions(
          customerPortalV1,
          { params: { id: workspaceId }, query: { returnUrl: window.location.href } },
          { staleTime: STALE_TIME_MS.customerPortal },
        ),
      );
      browserLocation.assign(stripeCustomerPortalUrl);
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };
  return { open, busy, failed };
}
