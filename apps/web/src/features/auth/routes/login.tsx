import { Alert, Anchor, Box, Center, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { safeContinueTarget } from '@mergeboard/core';
import { Fragment } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { env } from '../../../config/env';
import { usePageTitle } from '../../../lib/page-title';
import { PageLoader } from '../../../ui/page-loader';
import { useIsMobile } from '../../../ui/use-is-mobile';
import { CookiesDisabledScreen } from '../../errors';
import { useInvitationPreview } from '../api/get-invitation';
import { useAuth } from '../components/auth-context';
import { InvitationNotice } from '../components/invitation-notice';
import { LOGIN_ERROR_MESSAGES } from '../components/login-messages';
import { SignInButton } from '../components/sign-in-button';
import { signInLabels } from '../components/sign-in-labels';
import { TestimonialsPanel } from '../components/testimonials-panel';

/** A link the install configured, or null (issue 24: none rather than a placeholder). */
type ConfiguredLinks = { label: string; href: string | null }[];

const onlyConfigured = (links: ConfiguredLinks) =>
  links.filter((link): link is { label: string; href: string } => link.href !== null);

/**
 * AUTH-036: 'By signing in, you agree to our Terms of use and Privacy policy.', naming only the
 * documents the install links to, and nothing when it links to neither.
 */
function AgreementNotice() {
  const documents = onlyConfigured([
    { label: 'Terms of use', href: env.termsUrl },
    { label: 'Privacy policy', href: env.privacyUrl },
  ]);
  if (documents.length === 0) return null;
  return (
    <Text size="sm" c="dimmed">
      By signing in, you agree to our{' '}
      {documents.map((document, index) => (
        <Fragment key={document.label}>
          {index > 0 && ' and '}
          <Anchor href={document.href} target="_blank" rel="noopener noreferrer" inherit underline="always">
            {document.label}
          </Anchor>
        </Fragment>
      ))}
      .
    </Text>
  );
}

/**
 * /login (ROUTE-002, AUTH-033 AUTH-034 AUTH-035 AUTH-036 AUTH-037 AUTH-038 AUTH-039 AUTH-040 AUTH-041
 * AUTH-042 AUTH-043 AUTH-044): the sign-in screen. A person who followed an invitation link here is
 * told which space it is for (issue 24).
 */
export function Component() {
  usePageTitle('Login');
  const auth = useAuth();
  const isMobile = useIsMobile();
  const [searchParams] = useSearchParams();
  const continueTo = searchParams.get('continue');
  const invitation = useInvitationPreview(auth.token ? null : continueTo);

  if (auth.token) {
    // Already signed in: straight to where the visitor was going.
    return auth.getUserStatus === 'success' ? (
      <Navigate to={safeContinueTarget(continueTo)} replace />
    ) : (
      <PageLoader />
    );
  }
  if (auth.error?.type === 'incognito-mode') return <CookiesDisabledScreen />;

  const labels = signInLabels();
  const message = auth.error ? LOGIN_ERROR_MESSAGES[auth.error.type] : undefined;
  const noUserEmail = auth.error?.type === 'no-user' ? auth.error.payload : null;
  // The invited address goes to the provider as a hint, so it need not be typed (or picked) again.
  const invitedEmail = invitation.data?.invitedEmail ?? null;
  const signIn = () => auth.startSignIn({ continueTo, loginHint: invitedEmail });
  const signInAnother = () => auth.startSignIn({ continueTo });
  // After no-user the address is known: the provider is not made to ask for it again.
  const createAccount = () =>
    auth.startSignIn({ continueTo, createAccount: true, loginHint: noUserEmail ?? invitedEmail });
  const footerLinks = onlyConfigured([
    { label: 'Help center', href: env.helpCenterUrl },
    { label: 'Terms of service', href: env.termsUrl },
    { label: 'Privacy policy', href: env.privacyUrl },
    { label: 'Cookie policy', href: env.cookiePolicyUrl },
    { label: 'Data processing agreement', href: env.dpaUrl },
  ]);

  return (
    <Box mih="100dvh" display="flex">
      <Stack flex={1} justify="space-between" gap="xl" p={{ base: 'lg', sm: 'xl' }}>
        <Stack component="main" w="100%" maw={420} mx="auto" my="auto" gap="lg" py="xl">
          <Title order={1}>Welcome to {env.productName}</Title>

          {message && (
            <Alert color="red" variant="light">
              {message}
            </Alert>
          )}
          {invitation.data && !auth.signingIn && (
            <InvitationNotice invitation={invitation.data} noAccountFor={noUserEmail} />
          )}

          {auth.signingIn ? (
            <Center py="xl" role="status" aria-label="Signing in">
              <Loader />
            </Center>
          ) : noUserEmail !== null ? (
            <Stack gap="md">
              <Alert color="orange" variant="light">
                {`${noUserEmail} doesn't have a ${env.productName} account yet. Click below to create a new account:`}
              </Alert>
              <SignInButton onClick={createAccount}>{labels.createAccount}</SignInButton>
              <Divider />
              <Text>Did you want to use another account?</Text>
              <SignInButton onClick={signInAnother}>{labels.signInAnother}</SignInButton>
            </Stack>
          ) : (
            <Stack gap="md">
              <SignInButton variant="filled" onClick={signIn}>
                {labels.signIn}
              </SignInButton>
              {labels.note && (
                <Text size="sm" c="dimmed" ta="center" mt={-8}>
                  {labels.note}
                </Text>
              )}
              <Divider />
              <Text>{`Don't have a ${env.productName} account yet?`}</Text>
              <SignInButton onClick={createAccount}>{labels.createAccount}</SignInButton>
            </Stack>
          )}

          <AgreementNotice />
        </Stack>

        {footerLinks.length > 0 && (
          <Group component="footer" justify="center" gap="md">
            {footerLinks.map((link) => (
              <Anchor
                key={link.label}
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                c="dimmed"
              >
                {link.label}
              </Anchor>
            ))}
          </Group>
        )}
      </Stack>
      {!isMobile && <TestimonialsPanel />}
    </Box>
  );
}
