import { Anchor, Button, Card, Group, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { formatCount } from '@mergeboard/core';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/page-title';
import { useIsMobile } from '../../../ui/use-is-mobile';
import { ScheduledRemovalNotice } from '../../billing';
import { useSpace } from '../../spaces';
import { useScheduledCount } from '../api/mail-merges';

function StatCard({ label, value, loading }: { label: string; value: string; loading?: boolean }) {
  return (
    <Card withBorder radius="md" padding="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {loading ? (
        <Skeleton height={28} mt={4} width={60} />
      ) : (
        <Text fw={700} size="xl">
          {value}
        </Text>
      )}
    </Card>
  );
}

/**
 * MM-001 MM-002: header, Quick tutorial link (desktop only), three stat cards, and the Scheduled and
 * Sent tabs; the active tab renders below (its dialog routes nest inside it).
 */
export function MailMergesPage() {
  usePageTitle('Mail merges');
  const { space, user, prefix } = useSpace();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const scheduledCount = useScheduledCount(space.workspaceId);
  const now = new Date();
  // MM-002: the user's counters (form submission notifications are not counted by the server).
  const thisMonth =
    user.monthlySentMails.find(
      (entry) => entry.year === now.getUTCFullYear() && entry.month === now.getUTCMonth() + 1,
    )?.count ?? 0;
  const tab = pathname.startsWith(paths.space.scheduled.getHref(prefix)) ? 'scheduled' : 'sent';

  return (
    <Stack>
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          Mail merges
        </Title>
        {!isMobile && (
          <Group gap="lg">
            <Anchor component={Link} to={paths.onboarding.getStarted.getHref()}>
              Quick tutorial
            </Anchor>
            {/* Issue 14: the composer is desktop only, like template import. */}
            <Button component={Link} to={paths.space.newMailMerge.getHref(prefix)}>
              New mail merge
            </Button>
          </Group>
        )}
      </Group>
      {/* SEAT-026: the banner's code loads after this first-load page; only its gate comes with it. */}
      <ScheduledRemovalNotice />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <StatCard
          label="Scheduled mail merges"
          value={formatCount(scheduledCount.data?.campaignCount)}
          loading={scheduledCount.isPending}
        />
        <StatCard label="Emails sent this month" value={formatCount(thisMonth)} />
        <StatCard label="Emails sent all time" value={formatCount(user.totalNumberOfMailsSent.count)} />
      </SimpleGrid>
      <Tabs
        value={tab}
        onChange={(value) =>
          void navigate(
            value === 'scheduled' ? paths.space.scheduled.getHref(prefix) : paths.space.sent.getHref(prefix),
          )
        }
      >
        <Tabs.List>
          <Tabs.Tab value="scheduled">Scheduled</Tabs.Tab>
          <Tabs.Tab value="sent">Sent</Tabs.Tab>
        </Tabs.List>
        {/* The active tab's panel, so the tab's aria-controls names an element that exists. */}
        <Tabs.Panel value={tab} pt="md">
          <Outlet />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
