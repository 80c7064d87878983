import { Anchor, Text } from '@mantine/core';

/**
 * PERM-024: someone who may not manage seats is told to contact the space owner, the owner's
 * address in the link (the sentence around the spec's words is ours).
 */
export function ContactOwner({ ownerEmail }: { ownerEmail: string | null }) {
  const words = 'please contact the space owner';
  return (
    <Text size="sm">
      Only the owner can buy seats for this space:{' '}
      {ownerEmail ? <Anchor href={`mailto:${ownerEmail}`}>{words}</Anchor> : words}
      {ownerEmail ? ` (${ownerEmail})` : ''}.
    </Text>
  );
}
