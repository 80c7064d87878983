import { useState } from 'react';

/**
 * True from the first time `opened` is true on. A dialog whose code loads on demand mounts on its
 * first opening and then stays mounted, so Mantine can still animate it closed.
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [openedBefore, setOpenedBefore] = useState(opened);
  if (opened && !openedBefore) setOpenedBefore(true);
  return openedBefore || opened;
}
