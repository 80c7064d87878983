import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * Stands in for @floating-ui/react where Mantine's ScrollArea imports it (vite.config.ts): that
 * import wants only useMergeRefs, one ref merging every given ref, which @mantine/hooks has too.
 */
export function useMergeRefs<T>(refs: (Ref<T> | undefined)[]) {
  return useMergedRef<T>(...refs);
}
