import { Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { env } from '../../../config/env';
import { paths } from '../../../config/paths';
import { ReviewBadge } from '../../../ui/review-badges';
import { SignInButton, signInLabels, useAuth } from '../../auth';

/**
 * Onboarding step 1 (ONB-004 ONB-005 ONB-006 ONB-007). The review badge is the install's first
 * configured score; none when it has none (issue 24).
 */
export function StepCreateAccount() {
  const auth = useAuth();
  const [badge] = env.reviewBadges;
  return (
    <Stack align="center" gap="lg" ta="center" maw={420} mx="auto">
      <Title order={1}>Welcome to {env.productName}</Title>
      <Text c="dimmed">Personalised mail merges from your spreadsheets, sent from your own account.</Text>
      {auth.signingIn ? (
        <Center role="status" aria-label="Signing in">
          <Loader />
        </Center>
      ) : (
        // ONB-005: only when the install has a sign-in provider configured.
        env.authProvider && (
          <SignInButton
            variant="filled"
            onClick={() =>
              auth.startSignIn({ continueTo: paths.onboarding.getStarted.getHref(), createAccount: true })
            }
          >
            {signInLabels().createAccount}
          </SignInButton>
        )
      )}
      <Anchor component={Link} to={paths.auth.login.getHref()}>
        {`Already have a ${env.productName} account? Sign in`}
      </Anchor>
      {badge && <ReviewBadge score={badge.score} source={badge.source} justify="center" />}
    </Stack>
  );
}
