import { Alert, Anchor, Box, Center, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { safeContinueTarget } from '@mergeboard/core';
import { Navigate, useSearchParams } from 'react-router';
import { env } from '../../../config/env';
import { usePageTitle } from '../../../lib/page-title';
import { PageLoader } from '../../../ui/page-loader';
import { useIsMobile } from '../../../ui/use-is-mobile';
import { CookiesDisabledScreen } from '../../errors';
import { useAuth } from '../components/auth-context';
import { GoogleButton } from '../components/google-button';
import { LOGIN_ERROR_MESSAGES } from '../components/login-messages';
import { TestimonialsPanel } from '../components/testimonials-panel';

const FOOTER_LINKS = [
  { label: 'Help center', href: env.helpCenterUrl },
  { label: 'Terms of service', href: env.termsUrl },
  { label: 'Privacy policy', href: env.privacyUrl },
  { label: 'Cookie policy', href: env.cookiePolicyUrl },
  { label: 'Data processing agreement', href: env.dpaUrl },
] as const;

/**
 * /login (ROUTE-002, AUTH-033 AUTH-034 AUTH-035 AUTH-036 AUTH-037 AUTH-038 AUTH-039 AUTH-040 AUTH-041
 * AUTH-042 AUTH-043 AUTH-044): the sign-in screen.
 */
export function Component() {
  usePageTitle('Login');
  const auth = useAuth();
  const isMobile = useIsMobile();
  const [searchParams] = useSearchParams();
  const continueTo = searchParams.get('continue');

  if (auth.token) {
    // Already signed in: straight to where the visitor was going.
    return auth.getUserStatus === 'success' ? (
      <Navigate to={safeContinueTarget(continueTo)} replace />
    ) : (
      <PageLoader />
    );
  }
  if (auth.error?.type === 'incognito-mode') return <CookiesDisabledScreen />;

  const message = auth.error ? LOGIN_ERROR_MESSAGES[auth.error.type] : undefined;
  const noUserEmail = auth.error?.type === 'no-user' ? auth.error.payload : null;
  const signIn = () => auth.startSignIn({ continueTo });
  // After no-user the address is known: the provider is not made to ask for it again.
  const createAccount = () => auth.startSignIn({ continueTo, createAccount: true, loginHint: noUserEmail });

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

          {auth.signingIn ? (
            <Center py="xl" role="status" aria-label="Signing in">
              <Loader />
            </Center>
          ) : noUserEmail !== null ? (
            <Stack gap="md">
              <Alert color="orange" variant="light">
                {`${noUserEmail} doesn't have a ${env.productName} account yet. Click below to create a new account:`}
              </Alert>
              <GoogleButton onClick={createAccount}>Create a new account with Google</GoogleButton>
              <Divider />
              <Text>Did you want to use another account?</Text>
              <GoogleButton onClick={signIn}>Sign in with another Google account</GoogleButton>
            </Stack>
          ) : (
            <Stack gap="md">
              <GoogleButton variant="filled" onClick={signIn}>
                Sign in with Google
              </GoogleButton>
              {env.authProvider === 'local' && (
                <Text size="xs" c="dimmed" ta="center" mt={-8}>
                  Local sign-in for this self-hosted install
                </Text>
              )}
              <Divider />
              <Text>{`Don't have a ${env.productName} account yet?`}</Text>
              <GoogleButton onClick={createAccount}>Create a new account with Google</GoogleButton>
            </Stack>
          )}

          <Text size="sm" c="dimmed">
            By signing in, you agree to our{' '}
            <Anchor href={env.termsUrl} target="_blank" rel="noopener noreferrer" inherit underline="always">
              Terms of use
            </Anchor>{' '}
            and{' '}
            <Anchor
              href={env.privacyUrl}
              target="_blank"
              rel="noopener noreferrer"
              inherit
              underline="always"
            >
              Privacy policy
            </Anchor>
            .
          </Text>
        </Stack>

        <Group component="footer" justify="center" gap="md">
          {FOOTER_LINKS.map((link) => (
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
      </Stack>
      {!isMobile && <TestimonialsPanel />}
    </Box>
  );
}
