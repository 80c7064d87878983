import { Alert, Group, Radio, Select, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { timeZones, type SendTiming } from '../composer-draft';
import type { MergeQuota } from '../api/get-merge-quota';

/**
 * 'Send now' or 'Schedule' at a date, time and time zone. A sender who may not schedule (a free
 * user, CONST-018) sees the option refused with the server's reason.
 */
export function SendTimingChoice({
  timing,
  onChange,
  quota,
}: {
  timing: SendTiming;
  onChange: (timing: SendTiming) => void;
  quota: MergeQuota;
}) {
  const zones = useMemo(() => timeZones(), []);
  return (
    <Stack gap="sm">
      <Radio.Group
        label="When"
        value={timing.mode}
        onChange={(mode) => onChange({ ...timing, mode: mode === 'schedule' ? 'schedule' : 'now' })}
      >
        <Group mt="xs">
          <Radio value="now" label="Send now" />
          <Radio value="schedule" label="Schedule" disabled={!quota.canSchedule} />
        </Group>
      </Radio.Group>
      {!quota.canSchedule && quota.scheduleRefusal && (
        <Alert color="yellow" role="status">
          {quota.scheduleRefusal}
        </Alert>
      )}
      {timing.mode === 'schedule' && (
        <Group align="flex-end">
          <TextInput
            type="date"
            label="Date"
            max="9999-12-31"
            value={timing.date}
            onChange={(event) => onChange({ ...timing, date: event.currentTarget.value })}
            required
          />
          <TextInput
            type="time"
            label="Time"
            value={timing.time}
            onChange={(event) => onChange({ ...timing, time: event.currentTarget.value })}
            required
          />
          <Select
            label="Time zone"
            data={zones}
            value={timing.timeZone}
            onChange={(timeZone) => timeZone && onChange({ ...timing, timeZone })}
            searchable
            allowDeselect={false}
            w={280}
          />
        </Group>
      )}
    </Stack>
  );
}
