import { Box, Container, Stepper } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { env } from '../../../config/env';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/page-title';
import { PageLoader } from '../../../ui/page-loader';
import { useIsMobile } from '../../../ui/use-is-mobile';
import { useAuthState, useCurrentUser } from '../../auth';
import { JoinedSpacesNotice, joinedSpaces } from '../components/joined-spaces-notice';
import { StepCreateAccount } from '../components/step-create-account';
import { StepFirstMerge } from '../components/step-first-merge';
import { StepInstall } from '../components/step-install';
import {
  readMarketplaceVisited,
  readStoredStep,
  storeMarketplaceVisited,
  storeStep,
} from '../onboarding-storage';

/** Stepper indexes (0-based) of the spec's steps 1, 2 and 3. */
const CREATE_ACCOUNT = 0;
const INSTALL = 1;
const FIRST_MERGE = 2;

/** Navigation state the sign-in callback leaves after creating the account (ONB-020). */
interface OnboardingLocationState {
  accountCreated?: boolean;
}

function initialStep(signedIn: boolean, accountCreated: boolean): number {
  // ONB-016: step 1 unless signed in with the user loaded; ONB-017: then the stored step, at least 2.
  if (!signedIn) return CREATE_ACCOUNT;
  if (accountCreated) return INSTALL;
  return Math.max(INSTALL, readStoredStep() - 1);
}

function Onboarding({ signedIn }: { signedIn: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const accountCreated = (location.state as OnboardingLocationState | null)?.accountCreated === true;
  const [step, setStep] = useState(() => initialStep(signedIn, accountCreated));
  const [marketplaceVisited, setMarketplaceVisited] = useState(readMarketplaceVisited);
  const user = useCurrentUser();
  usePageTitle(step === CREATE_ACCOUNT ? 'Sign up' : 'Get started');

  // Remember the step for the next visit; ONB-019: /signup on step 1, /get-started after.
  useEffect(() => {
    if (step !== CREATE_ACCOUNT) storeStep(step + 1);
    const target =
      step === CREATE_ACCOUNT ? paths.onboarding.signup.getHref() : paths.onboarding.getStarted.getHref();
    if (location.pathname !== target) void navigate(target, { replace: true });
  }, [step, location.pathname, navigate]);

  const installed = user.data?.installationTimestamp != null;
  const joined = signedIn ? joinedSpaces(user.data?.userWorkspaces) : [];

  return (
    <Box component="main" mih="100dvh" bg="gray.0" py={{ base: 'lg', sm: 48 }}>
      <Container size="md">
        <JoinedSpacesNotice spaces={joined} />
        <Stepper
          active={step}
          onStepClick={setStep}
          allowNextStepsSelect={false}
          size={isMobile ? 'xs' : 'sm'}
          orientation={isMobile ? 'vertical' : 'horizontal'}
          styles={{ content: { paddingTop: 'var(--mantine-spacing-xl)' } }}
        >
          {/* ONB-018: completed steps can be clicked to go back, except step 1. */}
          <Stepper.Step
            label="Create your account"
            allowStepSelect={false}
            aria-disabled
            aria-current={step === CREATE_ACCOUNT ? 'step' : undefined}
          >
            <StepCreateAccount />
          </Stepper.Step>
          <Stepper.Step
            label={`Install ${env.productName}`}
            aria-current={step === INSTALL ? 'step' : undefined}
          >
            <StepInstall
              canContinue={installed || marketplaceVisited}
              onMarketplaceVisited={() => {
                storeMarketplaceVisited();
                setMarketplaceVisited(true);
              }}
              onContinue={() => setStep(FIRST_MERGE)}
            />
          </Stepper.Step>
          <Stepper.Step
            label="Send your first merge"
            aria-current={step === FIRST_MERGE ? 'step' : undefined}
          >
            <StepFirstMerge />
          </Stepper.Step>
        </Stepper>
      </Container>
    </Box>
  );
}

/**
 * /signup and /get-started (ONB-001): one screen, mounted once across both paths (the route
 * table makes it the layout of the two), always available signed in or out.
 */
export function Component() {
  const { token, getUserStatus } = useAuthState();
  if (token !== null && getUserStatus !== 'success') return <PageLoader />;
  const signedIn = token !== null;
  // A sign-in or sign-out while here starts the steps over from the new state.
  return <Onboarding key={signedIn ? 'signed-in' : 'signed-out'} signedIn={signedIn} />;
}
