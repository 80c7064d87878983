import { Alert, Modal, SimpleGrid, Skeleton, Stack, Table, Tabs, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import {
  buildPath,
  campaignRates,
  exportCampaignSpreadsheet,
  formatCount,
  type Rate,
} from '@mergeboard/core';
import { env } from '../../../config/env';
import { ConfiguredLink } from '../../../ui/configured-link';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format-date';
import { useIsMobile } from '../../../ui/use-is-mobile';
import { useSpace } from '../../spaces';
import { usePollResponses, usePollResults, useSentCampaign } from '../api/campaign-detail';
import { WORK_AREA_ERROR } from '../../../lib/work-area-error';
import { MergeSpreadsheet } from './merge-spreadsheet';
import { RecipientActivity } from './recipient-activity';

// The chart library comes with the funnel, which loads after the dialog opens.
const CampaignFunnel = lazy(() => import('./campaign-funnel'));

/** MM-018: shown when the merge was sent by someone else. */
const SUBJECT_FALLBACK = 'Subject is unavailable because this mail merge has been sent by someone else';
const POLL_HELP_TEXT = 'Learn how to add a poll to your mail merge';
const MACHINE_HITS_HELP =
  'Opened and Clicked count people. Mail scanners and link prefetchers, which load the image or follow ' +
  'every link of a message on delivery, are not counted: their hits are shown apart.';

/** A rate's row; `machineHits` are the scanners' hits beside a count of people. */
function RateRow({
  label,
  rate,
  withPercent = true,
  machineHits,
}: {
  label: string;
  rate: Rate;
  withPercent?: boolean;
  machineHits?: number;
}) {
  return (
    <Table.Tr>
      <Table.Th scope="row">{label}</Table.Th>
      <Table.Td>{formatCount(rate.count)}</Table.Td>
      {/* MM-027: a rate that cannot be computed shows N/A. */}
      <Table.Td>
        {withPercent ? (rate.percent === null ? 'N/A' : `${formatCount(rate.percent)}%`) : ''}
      </Table.Td>
      <Table.Td>
        {machineHits ? (
          <Text span size="sm" c="gray.7">
            +{formatCount(machineHits)} by mail scanners
          </Text>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

function MailResults({ id }: { id: string }) {
  const campaign = useSentCampaign(id);
  if (campaign.isPending) return <Skeleton height={200} role="status" aria-label="Loading" />;
  if (campaign.isError) return <Alert color="red">{WORK_AREA_ERROR}</Alert>;
  const data = campaign.data;
  // MM-022 MM-023 MM-024 MM-025 MM-026 MM-027: delivered = sent − bounced; rates rounded; German numbers; N/A
  // when missing.
  const rates = campaignRates(data.trackingInfos);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Last email sent {formatDate(data.lastEmailSentTimestamp)}
      </Text>
      <Text fw={600}>{data.emailSubject ?? SUBJECT_FALLBACK}</Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Table aria-label="Mail results" aria-describedby="machine-hits-help">
          <Table.Tbody>
            <RateRow label="Sent" rate={rates.sent} withPercent={false} />
            <RateRow label="Delivered" rate={rates.delivered} />
            <RateRow label="Opened" rate={rates.opened} machineHits={data.machineHits.opened} />
            <RateRow label="Clicked" rate={rates.clicked} machineHits={data.machineHits.clicked} />
            <RateRow label="Responded" rate={rates.responded} />
            <RateRow label="Unsubscribed" rate={rates.unsubscribed} />
            {/* Ours: the spec has no spam complaints; each is an unsubscription too, counted apart. */}
            <RateRow label="Reported as spam" rate={rates.complained} />
            <RateRow label="Bounced" rate={rates.bounced} />
          </Table.Tbody>
        </Table>
        <Suspense fallback={<Skeleton height={120} role="status" aria-label="Loading the chart" />}>
          <CampaignFunnel
            steps={[
              { label: 'Sent', count: rates.sent.count },
              { label: 'Delivered', count: rates.delivered.count },
              { label: 'Opened', count: rates.opened.count },
              { label: 'Clicked', count: rates.clicked.count },
            ]}
          />
        </Suspense>
      </SimpleGrid>
      <Text size="sm" c="gray.7" id="machine-hits-help">
        {MACHINE_HITS_HELP}
      </Text>
      <MergeSpreadsheet
        source={data.spreadsheetSource}
        link={data.spreadsheetLink}
        name={data.spreadsheetName}
        csvPath={buildPath(exportCampaignSpreadsheet.path, { id })}
      />
      <RecipientActivity campaignId={id} />
    </Stack>
  );
}

function PollResults({ id }: { id: string }) {
  const results = usePollResults(id);
  // MM-021, API-051: when pollResults fails, the individual answers are read and counted instead.
  const responses = usePollResponses(id, { enabled: results.isError });
  if (results.isPending || (results.isError && responses.isPending)) {
    return <Skeleton height={120} role="status" aria-label="Loading" />;
  }
  if (results.isError && responses.isError) {
    return <Alert color="red">{WORK_AREA_ERROR}</Alert>;
  }
  const items = results.data?.items ?? responses.data?.items ?? [];
  const total = items.reduce((sum, item) => sum + item.count, 0);
  // MM-007: without poll data the tab is only a help link.
  if (items.length === 0 || total === 0) {
    return (
      <ConfiguredLink href={env.helpCenterUrl} target="_blank" rel="noreferrer">
        {POLL_HELP_TEXT}
      </ConfiguredLink>
    );
  }
  const partial = responses.data && responses.data.read < responses.data.total ? responses.data : null;
  return (
    <Stack gap="sm">
      <Table aria-label="Poll results">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Answer</Table.Th>
            <Table.Th>Responses</Table.Th>
            <Table.Th>Share</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.info}>
              <Table.Td>{item.info}</Table.Td>
              <Table.Td>{formatCount(item.count)}</Table.Td>
              <Table.Td>{`${formatCount(Math.round((item.count / total) * 100))}%`}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {partial && (
        <Text size="sm" c="dimmed">
          {`Counted from the first ${formatCount(partial.read)} of ${formatCount(partial.total)} responses.`}
        </Text>
      )}
    </Stack>
  );
}

/** MM-005 MM-006 MM-008 MM-009: the campaign detail at {sent}/{id}, with Poll results at {sent}/{id}/poll. */
export function CampaignDialog() {
  const { campaignId = '' } = useParams();
  const { prefix } = useSpace();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const base = `${paths.space.sent.getHref(prefix)}/${campaignId}`;
  const tab = pathname.endsWith('/poll') ? 'poll' : 'mail';
  const campaign = useSentCampaign(campaignId);
  return (
    <Modal
      opened
      onClose={() => void navigate(`${paths.space.sent.getHref(prefix)}${search}`)}
      title={campaign.data?.title ?? 'Mail merge'}
      // Wide enough for the recipients list's seven columns without scrolling it sideways.
      size="64rem"
      fullScreen={isMobile}
    >
      <Tabs
        value={tab}
        onChange={(value) => void navigate(`${base}${value === 'poll' ? '/poll' : ''}${search}`)}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="mail">Mail results</Tabs.Tab>
          <Tabs.Tab value="poll">Poll results</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value={tab}>
          {tab === 'poll' ? <PollResults id={campaignId} /> : <MailResults id={campaignId} />}
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
