import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { usePageTitle } from '../../../lib/page-title';
import { useSpace } from '../../spaces';
import { useDeliverability } from '../api/deliverability';
import { BounceReasons } from './bounce-reasons';
import { PausedMerges } from './paused-merges';
import { RateSummary } from './rate-summary';
import { SendersTable } from './senders-table';
import { SendingDomains } from './sending-domains';

// The chart library is most of the page's weight: the figures show while it loads.
const RateCharts = lazy(async () => ({ default: (await import('./rate-charts')).RateCharts }));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * The space's deliverability (issue 26): its sending domains' checks, its bounce, complaint and
 * unsubscribe rates against the mailbox providers' lines, day by day, per sender, the commonest
 * bounce reasons and the merges that paused themselves. A member sees their own figures only.
 */
export function DeliverabilityPage() {
  usePageTitle('Deliverability');
  const { space } = useSpace();
  const page = useDeliverability(space.workspaceId);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Deliverability
        </Title>
        {page.data?.scope === 'own' && (
          <Text size="sm" c="dimmed">
            Your own merges in this space. Owners and admins see every sender.
          </Text>
        )}
      </Stack>
      {page.isPending && (
        <Stack gap="sm" role="status" aria-label="Loading">
          <Skeleton height={120} />
          <Skeleton height={220} />
        </Stack>
      )}
      {page.isError && (
        <Alert color="red" title="The deliverability figures could not be loaded.">
          <Button size="xs" variant="default" onClick={() => void page.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {page.data && (
        <>
          <SendingDomains domains={page.data.domains} />
          <Section title={page.data.scope === 'space' ? "The space's rates" : 'Your rates'}>
            <RateSummary totals={page.data.totals} />
          </Section>
          {page.data.totals.last30Days.sent > 0 && (
            <Section title="Over the last 30 days">
              <Suspense fallback={<Skeleton height={280} />}>
                <RateCharts daily={page.data.daily} />
              </Suspense>
            </Section>
          )}
          {page.data.scope === 'space' && (
            <Section title="Senders">
              <SendersTable senders={page.data.senders} />
            </Section>
          )}
          <Section title="Top bounce reasons">
            <BounceReasons reasons={page.data.bounceReasons} />
          </Section>
          <Section title="Merges that paused themselves">
            <PausedMerges merges={page.data.pausedMerges} />
          </Section>
        </>
      )}
    </Stack>
  );
}
