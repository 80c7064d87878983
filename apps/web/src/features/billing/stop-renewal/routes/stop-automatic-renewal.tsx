import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { canStopAutoRenewal } from '@mergeboard/core';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../../config/paths';
import { usePageTitle } from '../../../../lib/page-title';
import { PageLoader } from '../../../../ui/page-loader';
import { SignInButton, signInLabels, useAuth, useCurrentUser } from '../../../auth';
import { ResultPage } from '../../../public-pages';
import { useCancelAutoRenewal } from '../api/cancel-auto-renewal';
import { RenewalNotStopped, RenewalStopped } from '../components/renewal-results';

/** Router state set when the confirmation call failed (RES-014). */
interface FailedCallState {
  cancelFailed: true;
}

function isFailedCallState(state: unknown): state is FailedCallState {
  return typeof state === 'object' && state !== null && 'cancelFailed' in state;
}

/**
 * /stop-automatic-renewal (RES-005 RES-006 RES-007 RES-008 RES-009 RES-010 RES-011 RES-012 RES-013 RES-014),
 * shown signed in or out (ROUTE-005): the owner of a legacy PayPal license stops its yearly renewal. The
 * result comes back on the same path as success=1 or success=0.
 */
export function Component() {
  usePageTitle('Stop automatic renewal');
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const auth = useAuth();
  const user = useCurrentUser();
  const cancel = useCancelAutoRenewal();

  const success = search.get('success');
  if (success === '1') return <RenewalStopped />;
  if (success === '0') return <RenewalNotStopped afterFailedCall={isFailedCallState(location.state)} />;

  if (auth.startup === 'restoring' || (auth.token !== null && user.isPending)) return <PageLoader />;
  const account = user.data ?? null;
  if (account && !canStopAutoRenewal(account.license)) return <Navigate to={paths.home.getHref()} replace />;

  const confirm = () =>
    cancel.mutate(account?.license?.subscriptionId ?? '', {
      onSuccess: () => void navigate({ search: '?success=1' }),
      onError: () => void navigate({ search: '?success=0' }, { state: { cancelFailed: true } }),
    });

  return (
    <ResultPage heading="Are you sure you want to stop the automatic renewal?">
      {/* A standing warning, not news: a note, so screen readers do not announce it on load. */}
      <Alert role="note" color="yellow" variant="light" w="100%" ta="left" title="This action is permanent">
        Once stopped, the automatic renewal cannot be turned back on. To renew, you will need to buy a new
        plan from our{' '}
        <Anchor component={Link} to={paths.settingsBilling.getHref('?show-plans=1')}>
          pricing page
        </Anchor>
        .
      </Alert>
      {account ? (
        <Button color="red" onClick={confirm} loading={cancel.isPending} fullWidth maw={320}>
          Confirm cancellation
        </Button>
      ) : (
        <Stack gap="sm" w="100%" maw={320}>
          <Text>{signInLabels().stopRenewalPrompt}</Text>
          <SignInButton
            onClick={() => auth.startSignIn({ continueTo: paths.public.stopAutomaticRenewal.getHref() })}
          >
            {signInLabels().signIn}
          </SignInButton>
        </Stack>
      )}
    </ResultPage>
  );
}
