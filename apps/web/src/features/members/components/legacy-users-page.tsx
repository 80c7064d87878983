import { Alert, Box, Button, Card, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  MEMBER_BANNERS,
  MEMBER_TEXTS,
  legacyAddWarning,
  legacyCounters,
  legacyPricingCards,
  type LegacyCounters,
  type PricingCard,
} from '@mergeboard/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { env } from '../../../config/env';
import { ConfiguredLink } from '../../../ui/configured-link';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/page-title';
import { LEGACY_ALERT_TEXT } from '../../alerts';
import { usePaidElsewhere, useSpace, useWorkspaceMembers } from '../../spaces';
import { useAddLegacyMembers } from '../api/add-legacy-members';
import { useInviteLegacyUsers } from '../api/invite-legacy-users';
import { useSeatSummary } from '../../billing';
import { AddressesModal } from './addresses-modal';
import { MembersDrawer, SearchableMembers, SelectionHint, SuccessBanner } from './page-parts';
import { useMembersPage } from './use-members-page';

const COUNTER_LABELS: Record<keyof LegacyCounters, string> = {
  total: 'Total users',
  paid: 'Paid users',
  gmailPaid: 'Gmail paid users',
  trial: 'Trial users',
  free: 'Free users',
  disabled: 'Disabled users',
};

/** MEM-014: the six counters. */
function Counters({ counters }: { counters: LegacyCounters | null }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
      {(Object.keys(COUNTER_LABELS) as (keyof LegacyCounters)[]).map((key) => (
        <Paper key={key} withBorder p="md" radius="md" role="group" aria-label={COUNTER_LABELS[key]}>
          <Text size="sm" c="dimmed">
            {COUNTER_LABELS[key]}
          </Text>
          <Text fz={24} fw={700}>
            {counters ? counters[key] : '–'}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** MEM-019: a Pro or Premium card with its Upgrade link (to the billing page). */
function PricingCardView({ card, upgradeHref }: { card: PricingCard; upgradeHref: string }) {
  const titleId = `pricing-${card.plan.toLowerCase()}`;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm" h="100%">
        <Title order={3} size="h4" id={titleId}>
          {card.title}
        </Title>
        <Group gap={4} align="baseline">
          <Text fz={28} fw={700}>
            {card.monthlyPrice}
          </Text>
          <Text size="sm">per user / month</Text>
        </Group>
        <Text size="sm" c="dimmed">
          {card.billing}
        </Text>
        <Text size="sm" fw={500}>
          {card.recipientsPerDay}
        </Text>
        <List size="sm" spacing={4}>
          {card.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        <Box mt="auto">
          <Button component={Link} to={upgradeHref} fullWidth aria-label={`Upgrade to ${card.title}`}>
            Upgrade
          </Button>
        </Box>
      </Stack>
    </Card>
  );
}

/**
 * The legacy 'Manage Users' page (001 §2, decision C3, MEM-011, MEM-014 MEM-015 MEM-016 MEM-017 MEM-018
 * MEM-019 MEM-020): counters, Invite users and Add users, the offline-managed notice, the members table
 * fragment with its drawer (type and role changes, invitations, activation, removal), and the Pro and Premium
 * cards.
 */
export function LegacyUsersPage() {
  usePageTitle('Manage Users');
  const { space, permissions, prefix, details } = useSpace();
  const workspaceId = space.workspaceId;
  const page = useMembersPage();
  const manager = permissions.canManageLegacyMembers;
  // The counters are of the whole space, whatever the table's search.
  const everyone = useWorkspaceMembers(workspaceId);
  const all = everyone.data?.items ?? null;
  const seats = useSeatSummary(workspaceId, { enabled: permissions.canReadSubscriptions }).data ?? null;
  const paidElsewhere = usePaidElsewhere(workspaceId, { enabled: manager }).data;
  const add = useAddLegacyMembers(workspaceId);
  const invite = useInviteLegacyUsers(workspaceId);
  const [dialog, setDialog] = useState<'add' | 'invite' | null>(null);
  const restrictions = details?.restrictions ?? [];
  const userLimit = details?.workspaceFeatures?.PRO.allowedUserCount ?? -1;
  const paidUsers = all?.filter((member) => member.isPaid && member.plan === 'PRO').length ?? 0;
  const offline = seats?.paymentSource === 'OFFLINE' || seats?.paymentSource === 'SUPPORT';
  const finish = (text: string) => {
    setDialog(null);
    page.done(text);
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          Manage Users
        </Title>
        {manager && (
          <Group gap="sm">
            <Button variant="default" onClick={() => setDialog('invite')} disabled={page.busy}>
              Invite users
            </Button>
            <Button onClick={() => setDialog('add')} disabled={page.busy}>
              Add users
            </Button>
          </Group>
        )}
      </Group>
      <SuccessBanner text={page.banner} onClose={page.clearBanner} />
      {offline && (
        <Alert color="blue" title="Your subscription is managed offline">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Our team manages this subscription for you: contact us to change it.</Text>
            {env.supportUrl && (
              <Button component="a" href={env.supportUrl} size="xs" variant="white">
                Contact us
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      <Counters counters={all ? legacyCounters(all) : null} />
      {manager && <SelectionHint kind="legacy" />}
      <SearchableMembers variant="fragment" page={page} manager={manager} />
      <Title order={2} size="h3" mt="md">
        Get a new plan
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" maw={720}>
        {legacyPricingCards(restrictions).map((card) => (
          <PricingCardView key={card.plan} card={card} upgradeHref={paths.space.billing.getHref(prefix)} />
        ))}
      </SimpleGrid>
      {manager && (
        <MembersDrawer
          page={page}
          variant="legacy"
          paymentSource={seats?.paymentSource ?? null}
          paidElsewhere={paidElsewhere ?? new Set()}
          singlePayment={restrictions.includes('MULTIPLE_PAYMENT')}
        />
      )}
      <AddressesModal
        opened={dialog === 'add'}
        onClose={() => setDialog(null)}
        texts={{
          title: 'Add users',
          submit: 'Add users',
          someRefused: MEMBER_TEXTS.someAddressesRefused,
          done: MEMBER_BANNERS.added,
        }}
        addition={add}
        notice={(count) => {
          const warning = legacyAddWarning(count, paidUsers, userLimit);
          return (
            <Stack gap="xs">
              <Alert color="yellow">
                <Text size="sm">
                  {LEGACY_ALERT_TEXT}{' '}
                  <ConfiguredLink href={env.supportUrl} size="sm" c="inherit" underline="always">
                    contact support
                  </ConfiguredLink>
                </Text>
              </Alert>
              {warning && (
                <Alert color="red" role="alert">
                  {warning}
                </Alert>
              )}
            </Stack>
          );
        }}
        onDone={finish}
      />
      <AddressesModal
        opened={dialog === 'invite'}
        onClose={() => setDialog(null)}
        texts={{
          title: 'Invite users',
          submit: 'Invite users',
          someRefused: MEMBER_TEXTS.someInvitationsRefused,
          done: MEMBER_BANNERS.invited,
        }}
        addition={invite}
        onDone={finish}
      />
    </Stack>
  );
}
