import { Alert, Checkbox, Code, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { SendingDomainCheck } from '@mergeboard/core';
import { CopyValueButton } from '../../../ui/copy-value-button';
import type { SendingDomainAnswer } from '../api/get-sending-domain-check';

/** The server answers within 5 s; past this the panel stops waiting and says it could not check. */
export const DOMAIN_CHECK_PATIENCE_MS = 6_000;

type PublishRecord = NonNullable<SendingDomainCheck['spf']['publish']>;
const PARTS = [
  ['spf', 'SPF'],
  ['dkim', 'DKIM'],
  ['dmarc', 'DMARC'],
] as const;

/** One TXT record to publish: its name and value, each with a copy button. */
function RecordToPublish({ record, part }: { record: PublishRecord; part: string }) {
  return (
    <Stack gap={4}>
      {(
        [
          ['Name', record.name],
          ['Value', record.value],
        ] as const
      ).map(([label, value]) => (
        <Group key={label} gap="xs" wrap="nowrap" align="flex-start">
          <Text size="sm" fw={600} w={48} style={{ flexShrink: 0 }}>
            {label}
          </Text>
          <Code style={{ wordBreak: 'break-all', flex: 1, minWidth: 0 }}>{value}</Code>
          <CopyValueButton value={value} label={`${part} record ${label.toLowerCase()}`} />
        </Group>
      ))}
    </Stack>
  );
}

/** True once the check has been loading past DOMAIN_CHECK_PATIENCE_MS. */
function useOutwaited(loading: boolean) {
  const [outwaited, setOutwaited] = useState(false);
  useEffect(() => {
    if (!loading) return;
    const timer = setTimeout(() => setOutwaited(true), DOMAIN_CHECK_PATIENCE_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  return loading && outwaited;
}

function CouldNotCheck({ domain }: { domain: string | null }) {
  return (
    <Alert color="yellow" title="Could not check the sending domain">
      DNS did not answer in time, so SPF, DKIM and DMARC{domain ? ` of ${domain}` : ''} are unknown. You can
      still send; mailbox providers may reject or junk messages from a domain without them.
    </Alert>
  );
}

function Failed({ answer }: { answer: SendingDomainAnswer }) {
  const { check } = answer;
  const problems = PARTS.filter(([key]) => check[key].status !== 'pass');
  return (
    <Alert color={answer.blocked ? 'red' : 'yellow'} title={`${check.domain} is not ready for bulk mail`}>
      <Stack gap="sm">
        {problems.map(([key, label]) => (
          <Stack key={key} gap={4}>
            <Text size="sm">
              <Text span fw={700}>
                {label}:
              </Text>{' '}
              {check[key].detail}
            </Text>
            {check[key].publish && <RecordToPublish record={check[key].publish} part={label} />}
          </Stack>
        ))}
        {!answer.blocked && (
          <Text size="sm">
            A merge of up to {answer.blockAbove} recipients may still go out, but providers may junk it.
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * Before Send: the sender's domain check (issue 26). PASS in a line; FAIL with each TXT record to
 * publish; 'could not check' when DNS did not answer (sending allowed). Over the threshold with
 * a FAIL, Send waits, unless an owner or admin ticks the override.
 */
export function SendingDomainPanel({
  answer,
  loading,
  failed,
  override,
  onOverrideChange,
  blockedReasonId,
}: {
  answer: SendingDomainAnswer | undefined;
  loading: boolean;
  /** The check itself could not be fetched. */
  failed: boolean;
  override: boolean;
  onOverrideChange: (override: boolean) => void;
  /** The id of the sentence saying why Send is off, for the Send button's description. */
  blockedReasonId: string;
}) {
  const outwaited = useOutwaited(loading);
  let body;
  if (outwaited || failed || answer?.check.outcome === 'UNCHECKED') {
    body = <CouldNotCheck domain={answer?.check.domain ?? null} />;
  } else if (loading || !answer) {
    body = (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden="true" />
        <Text size="sm">Checking SPF, DKIM and DMARC of your sending domain…</Text>
      </Group>
    );
  } else if (answer.check.outcome === 'PASS') {
    body = (
      <Alert color="green" title="Sending domain ready">
        {answer.check.domain}: SPF, DKIM and DMARC pass.
      </Alert>
    );
  } else {
    body = <Failed answer={answer} />;
  }
  return (
    <Paper component="section" aria-labelledby="sending-domain-title" withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={3} size="h5" id="sending-domain-title">
          Sending domain
        </Title>
        {body}
        {answer?.blocked && !outwaited && (
          <>
            <Text size="sm" fw={600} id={blockedReasonId}>
              {override
                ? 'You chose to send anyway.'
                : `Sending to more than ${answer.blockAbove} recipients is off until these records are published` +
                  (answer.canOverride ? '.' : ", or the space's owner or an admin sends it.")}
            </Text>
            {answer.canOverride && (
              <Checkbox
                checked={override}
                onChange={(event) => onOverrideChange(event.currentTarget.checked)}
                label="Send anyway: I understand mailbox providers may reject or junk these messages"
              />
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
