import { CloseButton, Group, Paper, Portal, Title, Transition } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useIsMobile } from '../../../ui/use-is-mobile';

/** Above the page and the shell's header, below dialogs (Mantine's modals sit at 200). */
const PANEL_Z_INDEX = 150;

/**
 * A side drawer that leaves the page usable (MEM-005): rows can still be selected while it is
 * open, so it is a complementary landmark rather than a modal dialog (a Mantine Drawer is always
 * aria-modal, which hides the table from screen readers). It slides in from the right, or from
 * the bottom over 60% of a phone's height; Escape or its × closes it.
 */
export function SidePanel({
  opened,
  title,
  onClose,
  closeLabel,
  busy,
  children,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  closeLabel: string;
  busy: boolean;
  children: ReactNode;
}) {
  const isMobile = useIsMobile();
  const titleId = useId();
  return (
    <Portal>
      <Transition mounted={opened} transition={isMobile ? 'slide-up' : 'slide-left'} duration={200}>
        {(styles) => (
          <Paper
            component="aside"
            aria-labelledby={titleId}
            aria-busy={busy}
            shadow="xl"
            p="md"
            radius={0}
            onKeyDown={(event) => {
              if (event.key === 'Escape') onClose();
            }}
            style={{
              ...styles,
              position: 'fixed',
              right: 0,
              bottom: 0,
              top: isMobile ? undefined : 0,
              width: isMobile ? '100%' : 440,
              height: isMobile ? '60%' : '100%',
              overflowY: 'auto',
              zIndex: PANEL_Z_INDEX,
              borderLeft: isMobile ? undefined : '1px solid var(--mantine-color-gray-3)',
              borderTop: isMobile ? '1px solid var(--mantine-color-gray-3)' : undefined,
            }}
          >
            <Group justify="space-between" wrap="nowrap" mb="md">
              <Title order={2} size="h4" id={titleId}>
                {title}
              </Title>
              <CloseButton aria-label={closeLabel} onClick={onClose} />
            </Group>
            {children}
          </Paper>
        )}
      </Transition>
    </Portal>
  );
}
