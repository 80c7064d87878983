import { SimpleGrid, TextInput } from '@mantine/core';
import type { MessageDraft } from '../composer-draft';

/** Sender name and reply-to address (the Cc and Bcc columns are chosen with the recipients). */
export function SenderOptions({
  message,
  onChange,
}: {
  message: MessageDraft;
  onChange: (message: MessageDraft) => void;
}) {
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
    </SimpleGrid>
  );
}
