import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../../lib/page-title';
import { CenteredPage } from '../../../ui/centered-page';

interface CookieHelp {
  browser: string | null;
  href: string;
}

const HELP = {
  Edge: 'https://support.microsoft.com/en-us/microsoft-edge/delete-cookies-in-microsoft-edge-63947406-40ac-c3b8-57b9-2a946a29ae09',
  Chrome: 'https://support.google.com/chrome/answer/95647',
  Firefox: 'https://support.mozilla.org/en-US/kb/enhanced-tracking-protection-firefox-desktop',
  Safari: 'https://support.apple.com/guide/safari/manage-cookies-sfri11471/mac',
} as const;

const GENERIC_HELP = 'https://www.whatismybrowser.com/guides/how-to-enable-cookies/';

/**
 * The cookie settings page of the visitor's browser (AUTH-028). Order matters: Edge's user
 * agent also names Chrome and Safari, Chrome's names Safari.
 */
export function cookieHelpFor(userAgent: string): CookieHelp {
  if (/\bEdg(e|A|iOS)?\//.test(userAgent)) return { browser: 'Edge', href: HELP.Edge };
  if (/\b(Firefox|FxiOS)\//.test(userAgent)) return { browser: 'Firefox', href: HELP.Firefox };
  if (/\b(Chrome|CriOS|Chromium)\//.test(userAgent) && !/\bOPR\//.test(userAgent)) {
    return { browser: 'Chrome', href: HELP.Chrome };
  }
  if (/\bSafari\//.test(userAgent) && /\bVersion\//.test(userAgent)) {
    return { browser: 'Safari', href: HELP.Safari };
  }
  return { browser: null, href: GENERIC_HELP };
}

/**
 * The full-page 'Whoops' shown when cookies or storage are blocked (AUTH-027, AUTH-025) and for
 * the incognito-mode sign-in error (AUTH-023), with a help link for the visitor's browser.
 */
export function CookiesDisabledScreen() {
  usePageTitle('Whoops');
  const help = cookieHelpFor(navigator.userAgent);
  return (
    <CenteredPage>
      <Paper withBorder shadow="sm" p={{ base: 'lg', xs: 'xl' }} w="100%" maw={480}>
        <Stack align="center" gap="md" ta="center">
          <Title order={1}>Whoops</Title>
          <Text size="lg">First and third party cookies must be enabled to use the dashboard.</Text>
          <Anchor href={help.href} target="_blank" rel="noopener noreferrer">
            {help.browser
              ? `How to enable cookies in ${help.browser}`
              : 'How to enable cookies in your browser'}
          </Anchor>
        </Stack>
      </Paper>
    </CenteredPage>
  );
}
