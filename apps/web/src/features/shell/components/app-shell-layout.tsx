import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { SIDEBAR_WIDTH_PX } from '@mergeboard/core';
import { lazy, Suspense } from 'react';
import { Outlet, useSearchParams } from 'react-router';
import { AlertsArea } from '../../alerts';
import { PaymentAlertsNotice } from '../../billing';
import { SkipLink } from '../../../ui/skip-link';
import { useSpace } from '../../spaces';
import { AppHeader } from './app-header';
import { useOpenedOnce } from '../use-opened-once';
import { DisabledPage } from './disabled-page';
import { Sidebar } from './sidebar';

// The dialogs (and Mantine's Modal) load when first opened, not with every space page.
const NewSpaceModal = lazy(async () => ({ default: (await import('./new-space-modal')).NewSpaceModal }));
const UpgradeInfoModal = lazy(async () => ({
  default: (await import('./upgrade-info-modal')).UpgradeInfoModal,
}));

const NEW_SPACE_PARAM = 'new-space';
const MAIN_ID = 'main-content';

/**
 * The signed-in layout of every space page: a skip link to the page, header, a 256 px sidebar (a
 * drawer below the 990 px tablet breakpoint, SHELL-027), the alerts, then the page. A DISABLED user sees the
 * disabled page instead (SHELL-025).
 */
export function AppShellLayout() {
  const { space, user } = useSpace();
  const [navOpened, nav] = useDisclosure(false);
  const [upgradeInfoOpened, upgradeInfo] = useDisclosure(false);
  const [createOpened, createModal] = useDisclosure(false);
  const [searchParams, setSearchParams] = useSearchParams();
  const newSpaceFromQuery = searchParams.has(NEW_SPACE_PARAM);
  const disabled = user.status === 'DISABLED';
  const createShown = createOpened || newSpaceFromQuery;
  const createMounted = useOpenedOnce(createShown);
  const upgradeInfoMounted = useOpenedOnce(upgradeInfoOpened);

  const closeCreate = () => {
    createModal.close();
    if (newSpaceFromQuery) {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete(NEW_SPACE_PARAM);
          return next;
        },
        { replace: true },
      );
    }
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: SIDEBAR_WIDTH_PX, breakpoint: 'md', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      {/* Before the header and the sidebar: the first Tab stop (issue 24). */}
      <SkipLink targetId={MAIN_ID} />
      <AppShell.Header>
        <AppHeader navOpened={navOpened} onToggleNav={nav.toggle} onOpenUpgradeInfo={upgradeInfo.open} />
      </AppShell.Header>
      <AppShell.Navbar aria-label="Main navigation">
        {!disabled && (
          <Sidebar
            onNavigate={nav.close}
            onCreateSpace={() => {
              nav.close();
              createModal.open();
            }}
          />
        )}
      </AppShell.Navbar>
      {/* Focusable from the skip link only; no ring around the whole page when it lands there. */}
      <AppShell.Main bg="gray.0" id={MAIN_ID} tabIndex={-1} style={{ outline: 'none' }}>
        {disabled ? (
          <DisabledPage />
        ) : (
          <>
            <PaymentAlertsNotice space={space} />
            <AlertsArea space={space} />
            <Outlet />
          </>
        )}
      </AppShell.Main>
      {!disabled && (
        <Suspense>
          {createMounted && <NewSpaceModal opened={createShown} onClose={closeCreate} />}
          {upgradeInfoMounted && <UpgradeInfoModal opened={upgradeInfoOpened} onClose={upgradeInfo.close} />}
        </Suspense>
      )}
    </AppShell>
  );
}
