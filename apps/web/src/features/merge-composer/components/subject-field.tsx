import { Group, TextInput } from '@mantine/core';
import { useRef } from 'react';
import { MergeFieldPicker } from './merge-field-picker';

/** The subject line, with merge fields inserted where its cursor was. */
export function SubjectField({
  value,
  onChange,
  columns,
}: {
  value: string;
  onChange: (value: string) => void;
  columns: readonly string[];
}) {
  const input = useRef<HTMLInputElement>(null);
  const insertAtCursor = (text: string) => {
    const element = input.current;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    onChange(value.slice(0, start) + text + value.slice(end));
    // After React wrote the new value: the cursor goes after the inserted field.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + text.length, start + text.length);
    });
  };
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput
        ref={input}
        label="Subject"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        required
        style={{ flex: 1 }}
      />
      <MergeFieldPicker columns={columns} target="subject" onInsert={insertAtCursor} />
    </Group>
  );
}
