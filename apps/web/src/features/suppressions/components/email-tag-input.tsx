import { Pill, PillsInput, Text } from '@mantine/core';
import { useState } from 'react';
import { INVALID_EMAIL_MESSAGE, isValidEmail, splitEmailTags } from '@mergeboard/core';

export interface EmailTag {
  value: string;
  valid: boolean;
}

/** Line height of one row of pills, for the visible-rows limit. */
const ROW_PX = 30;

/**
 * UNSUB-002 / BOUNCE-002: addresses typed or pasted become tags on space or comma (and on Enter
 * or blur); an invalid tag is marked and says 'Email is invalid'. At most `rows` rows of tags show
 * (UNSUB-006 / BOUNCE-005), then the box scrolls.
 */
export function EmailTagInput({
  label,
  tags,
  onChange,
  rows,
  disabled,
}: {
  label: string;
  tags: readonly EmailTag[];
  onChange: (tags: EmailTag[]) => void;
  rows: number;
  disabled?: boolean;
}) {
  const [draft, setDraft] = useState('');
  const commit = (raw: string) => {
    const added = splitEmailTags(raw.toLowerCase())
      .filter((value) => !tags.some((tag) => tag.value === value))
      .map((value) => ({ value, valid: isValidEmail(value) }));
    const unique = added.filter((tag, i) => added.findIndex((other) => other.value === tag.value) === i);
    if (unique.length) onChange([...tags, ...unique]);
  };
  return (
    <PillsInput label={label} disabled={disabled}>
      <Pill.Group style={{ maxHeight: rows * ROW_PX, overflowY: 'auto' }} data-rows={rows}>
        {tags.map((tag) => (
          <Pill
            key={tag.value}
            withRemoveButton
            onRemove={() => onChange(tags.filter((other) => other.value !== tag.value))}
            c={tag.valid ? undefined : 'red'}
            title={tag.valid ? undefined : INVALID_EMAIL_MESSAGE}
            data-invalid={tag.valid ? undefined : true}
          >
            {tag.value}
            {!tag.valid && (
              <Text span size="xs" c="red" ml={4}>
                {INVALID_EMAIL_MESSAGE}
              </Text>
            )}
          </Pill>
        ))}
        <PillsInput.Field
          aria-label={label}
          value={draft}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (/[\s,]/.test(value)) {
              commit(value);
              setDraft('');
            } else setDraft(value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit(draft);
              setDraft('');
            } else if (event.key === 'Backspace' && draft === '' && tags.length) {
              onChange(tags.slice(0, -1));
            }
          }}
          onBlur={() => {
            commit(draft);
            setDraft('');
          }}
          onPaste={(event) => {
            event.preventDefault();
            commit(draft + event.clipboardData.getData('text'));
            setDraft('');
          }}
        />
      </Pill.Group>
    </PillsInput>
  );
}
