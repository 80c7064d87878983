import { Combobox, Pill, PillsInput, Text, Tooltip, useCombobox, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { INVALID_EMAIL_MESSAGE, isValidEmail, newEmailTags } from '@mergeboard/core';

export interface EmailTag {
  value: string;
  valid: boolean;
  /** Why the server refuses this address (MEM-053), shown as the tag's tooltip. */
  refusal?: string | null;
}

/** A person the input may suggest: the address becomes the tag. */
export interface EmailSuggestion {
  email: string;
  name: string;
}

/** Line height of one row of pills, for the visible-rows limit. */
const ROW_PX = 30;

/** Tags for the addresses typed or pasted into `raw`, beside those already there. */
function tagsFrom(tags: readonly EmailTag[], raw: string): EmailTag[] {
  return newEmailTags(
    tags.map((tag) => tag.value),
    raw,
  ).map((value) => ({ value, valid: isValidEmail(value) }));
}

function TagPill({ tag, onRemove }: { tag: EmailTag; onRemove: () => void }) {
  const pill = (
    <Pill
      withRemoveButton
      onRemove={onRemove}
      c={tag.valid && !tag.refusal ? undefined : 'red'}
      // Mantine hides the × from the keyboard (Backspace removes the last tag); any tag may need to go.
      removeButtonProps={{ 'aria-label': `Remove ${tag.value}`, 'aria-hidden': false, tabIndex: 0 }}
      title={tag.valid ? undefined : INVALID_EMAIL_MESSAGE}
      data-invalid={tag.valid ? undefined : true}
      data-refused={tag.refusal ? true : undefined}
      // A refused tag takes the focus, so its reason shows from the keyboard as on hover.
      tabIndex={tag.refusal ? 0 : undefined}
    >
      {tag.value}
      {!tag.valid && (
        <Text span size="xs" c="red" ml={4}>
          {INVALID_EMAIL_MESSAGE}
        </Text>
      )}
      {tag.refusal && <VisuallyHidden>: {tag.refusal}</VisuallyHidden>}
    </Pill>
  );
  if (!tag.refusal) return pill;
  return (
    <Tooltip label={tag.refusal} multiline maw={300} events={{ hover: true, focus: true, touch: true }}>
      {pill}
    </Tooltip>
  );
}

/**
 * An e-mail tag input (UNSUB-002, BOUNCE-002, MEM-048 MEM-049 MEM-050): addresses typed or pasted become
 * tags on space or comma, Enter or blur, lowercased and without duplicates; an invalid tag says
 * 'Email is invalid', a refused one shows why on hover or focus. At most `rows` rows of tags
 * show, then the box scrolls. With `onDraftChange` the typed text is reported so the caller can
 * offer `suggestions`, picked with the mouse or the arrow keys and Enter.
 */
export function EmailTagInput({
  label,
  tags,
  onChange,
  rows,
  disabled,
  placeholder,
  suggestions = [],
  onDraftChange,
}: {
  label: string;
  tags: readonly EmailTag[];
  onChange: (tags: EmailTag[]) => void;
  rows: number;
  disabled?: boolean;
  placeholder?: string;
  suggestions?: readonly EmailSuggestion[];
  onDraftChange?: (draft: string) => void;
}) {
  const [draft, setDraftState] = useState('');
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const withSuggestions = onDraftChange !== undefined;
  const setDraft = (value: string) => {
    setDraftState(value);
    onDraftChange?.(value);
  };
  const commit = (raw: string) => {
    const added = tagsFrom(tags, raw);
    if (added.length) onChange([...tags, ...added]);
    setDraft('');
  };
  const options = suggestions.filter(
    (suggestion) => !tags.some((tag) => tag.value === suggestion.email.toLowerCase()),
  );

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(email) => {
        commit(email);
        combobox.closeDropdown();
      }}
    >
      <Combobox.DropdownTarget>
        <PillsInput label={label} disabled={disabled} onClick={() => combobox.openDropdown()}>
          <Pill.Group style={{ maxHeight: rows * ROW_PX, overflowY: 'auto' }} data-rows={rows}>
            {tags.map((tag) => (
              <TagPill
                key={tag.value}
                tag={tag}
                onRemove={() => onChange(tags.filter((other) => other.value !== tag.value))}
              />
            ))}
            <Combobox.EventsTarget withAriaAttributes={withSuggestions} withExpandedAttribute>
              <PillsInput.Field
                aria-label={label}
                role={withSuggestions ? 'combobox' : undefined}
                aria-autocomplete={withSuggestions ? 'list' : undefined}
                placeholder={tags.length === 0 ? placeholder : undefined}
                value={draft}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  if (/[\s,]/.test(value)) commit(value);
                  else {
                    setDraft(value);
                    combobox.openDropdown();
                    combobox.resetSelectedOption();
                  }
                }}
                onKeyDown={(event) => {
                  const picking = combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1;
                  if (event.key === 'Enter' && !picking) {
                    event.preventDefault();
                    commit(draft);
                  } else if (event.key === 'Backspace' && draft === '' && tags.length) {
                    onChange(tags.slice(0, -1));
                  }
                }}
                onBlur={() => {
                  commit(draft);
                  combobox.closeDropdown();
                }}
                onPaste={(event) => {
                  event.preventDefault();
                  commit(draft + event.clipboardData.getData('text'));
                }}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <Combobox.Dropdown hidden={!withSuggestions || options.length === 0 || draft === ''}>
        <Combobox.Options aria-label={`Suggestions for ${label}`}>
          {options.map((suggestion) => (
            <Combobox.Option value={suggestion.email} key={suggestion.email}>
              <Text size="sm">{suggestion.name}</Text>
              <Text size="xs" c="dimmed">
                {suggestion.email}
              </Text>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
