import { Badge, Button, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { format } from 'date-fns/format';
import { DATE_FORMATS, type SendingDomainCheck, type SendingDomainStatus } from '@mergeboard/core';
import { CopyIcon } from '../../../ui/copy-icon';

const OUTCOMES: Record<SendingDomainCheck['outcome'] | 'NEVER', { label: string; colour: string }> = {
  PASS: { label: 'Passes', colour: '#1e7b34' },
  FAIL: { label: 'Fails', colour: '#c92a2a' },
  UNCHECKED: { label: 'Could not check', colour: '#495057' },
  NEVER: { label: 'Not checked yet', colour: '#495057' },
};

const RECORDS = [
  ['spf', 'SPF'],
  ['dkim', 'DKIM'],
  ['dmarc', 'DMARC'],
] as const;

const STATUS_WORDS = {
  pass: 'passes',
  fail: 'fails',
  missing: 'is missing',
  unchecked: 'could not be checked',
};

function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere', flex: 1 }}>
        {value}
      </Text>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<CopyIcon size={12} />}
            onClick={copy}
            aria-label={copied ? `${label} copied` : `Copy ${label}`}
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

function DomainCard({ status }: { status: SendingDomainStatus }) {
  const { check } = status;
  const outcome = OUTCOMES[check?.outcome ?? 'NEVER'];
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={`Sending domain ${status.domain}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {status.domain}
          </Text>
          <Badge variant="filled" color={outcome.colour} autoContrast>
            {outcome.label}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {check
            ? `Checked ${format(new Date(check.checkedAt), DATE_FORMATS.long)}, for sending from ${check.sendingHost}`
            : 'Checked when a merge from this domain is about to be sent.'}
        </Text>
        {check &&
          RECORDS.map(([key, name]) => {
            const record = check[key];
            return (
              <Stack key={key} gap={4}>
                <Text size="sm">
                  <Text span fw={600}>{`${name} ${STATUS_WORDS[record.status]}`}</Text>
                  {` · ${record.detail}`}
                </Text>
                {record.publish && (
                  <Stack gap={4} pl="sm" style={{ borderLeft: '2px solid var(--mantine-color-gray-3)' }}>
                    <Text size="xs" c="dimmed">{`Publish this ${record.publish.type} record:`}</Text>
                    <CopyField label={`${name} record name`} value={record.publish.name} />
                    <CopyField label={`${name} record value`} value={record.publish.value} />
                  </Stack>
                )}
              </Stack>
            );
          })}
      </Stack>
    </Paper>
  );
}

/** Each sending domain with its last pre-flight check and the records to publish. */
export function SendingDomains({ domains }: { domains: SendingDomainStatus[] }) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Sending domains
      </Title>
      {domains.length === 0 ? (
        <Text c="dimmed" size="sm">
          No sending domain yet.
        </Text>
      ) : (
        domains.map((status) => <DomainCard key={status.domain} status={status} />)
      )}
    </Stack>
  );
}
