import { Box, VisuallyHidden } from '@mantine/core';
import type { CSSProperties } from 'react';

const line: CSSProperties = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' };

/**
 * An address in a phone's narrow column: the name with its '@' on one line, the domain on the
 * next, each cut short with an ellipsis only when it is still too long — two lines at most,
 * where breaking at every dot made five. Screen readers get the whole address as one word (the
 * two lines are hidden from them: read as lines they would gain a space), and its title shows it
 * whole on hover. The grid's one `minmax(0, 1fr)` track lets the column be narrower than the
 * address, so the table is never wider than the screen.
 */
export function TwoLineEmail({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  const parts = at < 0 ? [email] : [email.slice(0, at + 1), email.slice(at + 1)];
  return (
    <Box component="span" title={email} display="grid" style={{ gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <VisuallyHidden>{email}</VisuallyHidden>
      {parts.map((part) => (
        <span key={part} aria-hidden="true" style={line}>
          {part}
        </span>
      ))}
    </Box>
  );
}
