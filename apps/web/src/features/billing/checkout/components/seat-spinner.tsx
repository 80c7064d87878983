import { ActionIcon, Group, TextInput } from '@mantine/core';
import { digitsOnly } from '@mergeboard/core';

/**
 * CHK-007 CHK-008 CHK-009: the seat count. Typing and pasting keep digits only; the buttons and the arrow
 * keys step by one within the bounds; the error names the bounds.
 */
export function SeatSpinner({
  value,
  onChange,
  min,
  max,
  error,
  label = 'Number of seats',
}: {
  label?: string;
  value: string;
  onChange: (next: string) => void;
  min: number;
  max: number;
  error: string | null;
}) {
  const current = value === '' ? null : Number(value);
  const step = (by: number) => {
    const next = Math.min(max, Math.max(min, (current ?? min) + by));
    onChange(String(next));
  };
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <ActionIcon
        variant="default"
        size="lg"
        mt={25}
        aria-label="Remove a seat"
        disabled={current !== null && current <= min}
        onClick={() => step(-1)}
      >
        −
      </ActionIcon>
      <TextInput
        label={label}
        inputMode="numeric"
        value={value}
        error={error}
        w={140}
        onChange={(event) => onChange(digitsOnly(event.currentTarget.value))}
        onKeyDown={(event) => {
          const by = { ArrowUp: 1, ArrowDown: -1 }[event.key];
          if (by === undefined) return;
          event.preventDefault();
          step(by);
        }}
      />
      <ActionIcon
        variant="default"
        size="lg"
        mt={25}
        aria-label="Add a seat"
        disabled={current !== null && current >= max}
        onClick={() => step(1)}
      >
        +
      </ActionIcon>
    </Group>
  );
}
