import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { TAG_INPUT_ROWS } from '@mergeboard/core';
import { useState, type ReactNode } from 'react';
import type { ApiError } from '../../../lib/api-client';
import { EmailTagInput, type EmailTag } from '../../../ui/email-tag-input';
import type { AdditionOutcome } from '../api/check-then-add';
import { useUserSuggestions } from '../api/suggest-users';

interface AddressesModalTexts {
  title: string;
  submit: string;
  /** MEM-054 / INV-015: said when the check refuses some addresses. */
  someRefused: string;
  /** The success banner for n addresses. */
  done: (n: number) => string;
}

function AddressesForm({
  texts,
  addition,
  notice,
  onCancel,
  onDone,
}: {
  texts: AddressesModalTexts;
  addition: UseMutationResult<AdditionOutcome, ApiError, string[]>;
  notice?: (count: number) => ReactNode;
  onCancel: () => void;
  onDone: (banner: string) => void;
}) {
  const [tags, setTags] = useState<EmailTag[]>([]);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const suggestions = useUserSuggestions(draft);
  const emails = tags.map((tag) => tag.value);
  const refused = tags.some((tag) => tag.refusal);
  const invalid = tags.some((tag) => !tag.valid);

  const submit = () => {
    setError(null);
    addition.mutate(emails, {
      onSuccess: ({ added, refusals }) => {
        if (refusals.length === 0) {
          onDone(texts.done(added));
          return;
        }
        // MEM-053: each refused address keeps the server's reason; the others are cleared.
        const reasons = new Map(refusals.map((refusal) => [refusal.email, refusal.reason]));
        setTags((current) => current.map((tag) => ({ ...tag, refusal: reasons.get(tag.value) ?? null })));
      },
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <Stack>
      <EmailTagInput
        label="Email addresses"
        tags={tags}
        onChange={setTags}
        rows={TAG_INPUT_ROWS.memberAdd}
        disabled={addition.isPending}
        suggestions={suggestions}
        onDraftChange={setDraft}
      />
      {notice?.(tags.length)}
      {refused && (
        <Alert color="red" role="alert">
          {texts.someRefused}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={addition.isPending}>
          Cancel
        </Button>
        <Button onClick={submit} loading={addition.isPending} disabled={tags.length === 0 || invalid}>
          {texts.submit}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * MEM-010, MEM-011, MEM-048 MEM-049 MEM-050 MEM-051 MEM-052 MEM-053 MEM-054: a dialog taking e-mail addresses
 * as tags (5 rows, with suggestions), checked by the server before anything is written; refused addresses are
 * marked with their reason and nothing is added until none is refused. `notice` shows what the space has
 * room for, given how many addresses are typed.
 */
export function AddressesModal({
  opened,
  onClose,
  onDone,
  ...form
}: {
  opened: boolean;
  texts: AddressesModalTexts;
  addition: UseMutationResult<AdditionOutcome, ApiError, string[]>;
  notice?: (count: number) => ReactNode;
  onClose: () => void;
  onDone: (banner: string) => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={form.texts.title}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened && <AddressesForm {...form} onCancel={onClose} onDone={onDone} />}
    </Modal>
  );
}
