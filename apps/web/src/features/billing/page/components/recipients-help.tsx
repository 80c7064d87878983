import { Button, List, Modal, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  WORKSPACE_DAILY_QUOTA,
  WORKSPACE_QUOTA_SENT_THRESHOLD_24H,
  type PricingPlan,
} from '@mergeboard/core';
import { env } from '../../../../config/env';
import { ConfiguredLink } from '../../../../ui/configured-link';

const QUOTA_CONDITIONS = [
  'You are not in a trial and have an active subscription.',
  'Your Google Workspace edition is not a free legacy edition.',
  `You have not sent more than ${WORKSPACE_QUOTA_SENT_THRESHOLD_24H} emails in the last 24 hours.`,
  'Google has not rate-limited your account.',
] as const;

/**
 * RES-021, RES-022: what the daily recipient limit depends on. For Gmail a support article in a
 * new tab; for Google Workspace, with quota-conditions=1, a dialog listing the conditions of the
 * workspace quota (001 §5).
 */
export function RecipientsHelp({ plan, quotaConditions }: { plan: PricingPlan; quotaConditions: boolean }) {
  const [opened, { open, close }] = useDisclosure(false);
  if (plan.listPricePlan === 'PERSONAL') {
    return (
      <Tooltip label="How the Gmail sending limit works">
        <ConfiguredLink
          href={env.helpCenterUrl}
          hideWithout
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
        >
          Learn more
        </ConfiguredLink>
      </Tooltip>
    );
  }
  if (!quotaConditions) return null;
  const title = `Conditions for ${WORKSPACE_DAILY_QUOTA.toLocaleString('en-US')} recipients / day`;
  return (
    <>
      <Tooltip label={title}>
        <Button variant="subtle" size="compact-sm" onClick={open}>
          Conditions
        </Button>
      </Tooltip>
      <Modal opened={opened} onClose={close} title={title}>
        <List size="sm" spacing="xs">
          {QUOTA_CONDITIONS.map((condition) => (
            <List.Item key={condition}>{condition}</List.Item>
          ))}
        </List>
      </Modal>
    </>
  );
}
