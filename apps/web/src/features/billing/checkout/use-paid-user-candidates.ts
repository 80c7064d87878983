import type { PaidUserCandidate, PaidUserRules } from '@mergeboard/core';
import { usePaidElsewhere, useSpace, useWorkspaceMembers } from '../../spaces';

/**
 * The space's members as the paid-user selection sees them (000 §4, §5): those in the space
 * (invited and disabled members hold no paid seat), whether they are paid now and whether another
 * space pays for them (promote-validity), with the rules of the space's plan.
 */
export function usePaidUserCandidates(): {
  status: 'pending' | 'error' | 'ready';
  candidates: PaidUserCandidate[];
  names: ReadonlyMap<string, string>;
  rules: PaidUserRules;
  refetch: () => void;
} {
  const { space, details } = useSpace();
  const members = useWorkspaceMembers(space.workspaceId);
  const paidElsewhere = usePaidElsewhere(space.workspaceId, { enabled: true });
  const inSpace = (members.data?.items ?? []).filter(
    (member) => member.status === 'ACTIVE' || member.status === 'ACCEPTED',
  );
  return {
    status: members.isPending || paidElsewhere.isPending ? 'pending' : members.isError ? 'error' : 'ready',
    candidates: inSpace.map((member) => ({
      userId: member.id,
      email: member.email,
      role: member.role,
      isPaid: member.isPaid && member.plan !== 'FREE',
      isPaidElsewhere: paidElsewhere.data?.has(member.id) ?? false,
    })),
    names: new Map(inSpace.map((member) => [member.id, member.name || member.email])),
    rules: {
      singlePayment: (details?.restrictions ?? []).includes('MULTIPLE_PAYMENT'),
      onlyPaidNow: false,
      multiDomainAllowed:
        space.workspacePlan !== 'PRO' || (details?.workspaceFeatures?.PRO.hasMultiDomain ?? true),
    },
    refetch: () => void members.refetch(),
  };
}
