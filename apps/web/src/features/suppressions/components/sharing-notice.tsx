import { Anchor, Text } from '@mantine/core';
import { isOwner, PLAN_LABELS, planLabel } from '@mergeboard/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useSpace } from '../../spaces';

/**
 * UNSUB-013 UNSUB-014 UNSUB-015 / BOUNCE-012 BOUNCE-013: why a list is not shared with the space,
 * and what would share it. The spec gives the rule (a PREMIUM space shares them, 001 §6; an owner
 * gets an upgrade link to /space/billing, others are told to ask the owner, whose address shows)
 * but no words: these are ours, and they name the plan that shares the list (issue 24: a paid Pro
 * space was told to "upgrade your plan", which it had just done).
 */
export function SharingNotice({ listName }: { listName: 'unsubscriptions' | 'bounces' }) {
  const { space, details, prefix } = useSpace();
  const owner = isOwner(space.userRole);
  const askOwner = `Ask the space owner${details?.ownerEmail ? ` (${details.ownerEmail})` : ''}`;
  if (space.workspacePlan === 'PREMIUM') {
    // A Premium space shares its lists with its paid members (PERM-017), when its rollout allows.
    return (
      <Text size="sm">
        {space.userPlan === 'FREE'
          ? `This list is not shared with you: a ${PLAN_LABELS.PREMIUM} space shares its ${listName} with its paid members. ${owner ? 'Make yourself a paid member to see them.' : `${askOwner} to make you a paid member.`}`
          : `This list is not shared with your space: sharing ${listName} is not available to it yet.`}
      </Text>
    );
  }
  const current = planLabel({
    workspacePlan: space.workspacePlan,
    legacyType: space.legacyPlanType,
    userPlan: space.userPlan,
  });
  const premium = `The ${PLAN_LABELS.PREMIUM} plan shares ${listName} across the space; this space is on ${current}.`;
  return owner ? (
    <Text size="sm">
      {premium}{' '}
      <Anchor component={Link} to={paths.space.billing.getHref(prefix)}>
        See how to get {PLAN_LABELS.PREMIUM} on the Billing page
      </Anchor>
      .
    </Text>
  ) : (
    <Text size="sm">
      This list is not shared with your space. {premium} {askOwner} to upgrade to {PLAN_LABELS.PREMIUM}.
    </Text>
  );
}
