import { queryOptions, useQuery } from '@tanstack/react-query';
import { getInvitation } from '@mergeboard/core';
import { matchPath } from 'react-router';
import { paths } from '../../../config/paths';
import { callApi } from '../../../lib/api-client';
import { contractQueryKey } from '../../../lib/api-query';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The token of a sign-in's continue target when that target is an invitation link, else null. */
export function invitationTokenOf(continueTo: string | null): string | null {
  if (!continueTo) return null;
  let pathname: string;
  try {
    pathname = new URL(continueTo, 'http://same.origin').pathname;
  } catch {
    return null;
  }
  const token = matchPath(paths.invitation.path, pathname)?.params.token ?? '';
  return TOKEN.test(token) ? token : null;
}

export function getInvitationQueryOptions(token: string) {
  const input = { params: { token } };
  return queryOptions({
    queryKey: contractQueryKey(getInvitation, input),
    // Read signed out: no bearer, and no session renewal on a 401.
    queryFn: ({ signal }) => callApi(getInvitation, input, { token: null, signal }),
    // A link that is invalid or used stays so; the invitation screen says why after sign-in.
    retry: false,
    staleTime: Infinity,
  });
}

/**
 * GET /api/v1/invitations/{token} (issue 24): what the invitation link a person followed to the
 * sign-in screen leads to, when it is one; idle otherwise.
 */
export function useInvitationPreview(continueTo: string | null) {
  const token = invitationTokenOf(continueTo);
  return useQuery({ ...getInvitationQueryOptions(token ?? ''), enabled: token !== null });
}
