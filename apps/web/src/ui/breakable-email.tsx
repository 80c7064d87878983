import { Box } from '@mantine/core';
import { Fragment } from 'react';

/**
 * An address that wraps on a narrow screen where a reader expects it — after the '@', before a
 * dot, dash or underscore — and mid-word only when a part is still too long.
 */
export function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?<=@)|(?=[.\-_])/);
  return (
    <Box component="span" style={{ overflowWrap: 'anywhere' }}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </Box>
  );
}
