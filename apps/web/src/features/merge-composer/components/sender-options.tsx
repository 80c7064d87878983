import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { MessageDraft } from '../composer-draft';

/** Sender name, reply-to address, and the columns whose addresses get a copy (cc) or a blind copy (bcc). */
export function SenderOptions({
  message,
  onChange,
  columns,
}: {
  message: MessageDraft;
  onChange: (message: MessageDraft) => void;
  columns: readonly string[];
}) {
  const columnOptions = [...new Set(columns.filter(Boolean))];
  return (
    <SimpleGrid cols={2}>
      <TextInput
        label="Sender name"
        description="Your own name when left empty"
        value={message.senderName}
        onChange={(event) => onChange({ ...message, senderName: event.currentTarget.value })}
      />
      <TextInput
        label="Reply-to"
        description="Where replies go; your address when left empty"
        type="email"
        value={message.replyTo}
        onChange={(event) => onChange({ ...message, replyTo: event.currentTarget.value })}
      />
      <Select
        label="Cc column"
        description="Each row's address there gets a copy"
        placeholder="None"
        data={columnOptions}
        value={message.ccColumn}
        clearable
        onChange={(ccColumn) => onChange({ ...message, ccColumn })}
      />
      <Select
        label="Bcc column"
        description="Each row's address there gets a blind copy"
        placeholder="None"
        data={columnOptions}
        value={message.bccColumn}
        clearable
        onChange={(bccColumn) => onChange({ ...message, bccColumn })}
      />
    </SimpleGrid>
  );
}
