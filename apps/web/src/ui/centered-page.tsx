import { Center } from '@mantine/core';
import type { ReactNode } from 'react';

/** A full-height page with its content centred: sign-in, error and result screens. */
export function CenteredPage({ children }: { children: ReactNode }) {
  return (
    <Center component="main" mih="100dvh" p="md" bg="gray.0">
      {children}
    </Center>
  );
}
