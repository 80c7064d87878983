import { APP_VERSION } from '@mergeboard/core';
import { z } from 'zod';

export const DEFAULT_PRODUCT_NAME = 'Mergeboard';
/** Placeholder until the install configures its own address (server-injected meta tag). */
export const DEFAULT_SUPPORT_URL = 'mailto:support@example.com';
export const DEFAULT_MARKETPLACE_URL = 'https://workspace.google.com/marketplace';
export const DEFAULT_SHEETS_URL = 'https://docs.google.com/spreadsheets/create';
/**
 * Legal and help pages linked from the login screen (AUTH-035 AUTH-036). The server may inject its
 * own through the meta tags below; these placeholders only keep the links well-formed.
 */
const DEFAULT_LEGAL_URLS = {
  termsUrl: 'https://www.example.com/legal/terms',
  privacyUrl: 'https://www.example.com/legal/privacy',
  cookiePolicyUrl: 'https://www.example.com/legal/cookies',
  dpaUrl: 'https://www.example.com/legal/dpa',
} as const;

const linkUrl = z
  .string()
  .trim()
  .regex(/^(mailto:|https?:\/\/)/, 'must be a mailto: or http(s):// URL');
const webUrl = z
  .string()
  .trim()
  .regex(/^https?:\/\//, 'must be an http(s):// URL');

const envSchema = z.object({
  /** Shown in headings and the page-title suffix; the spec's 'YAMM' (ARCHITECTURE §6, PRODUCT_NAME). */
  productName: z.string().trim().min(1),
  /** Target of every 'contact us' link. */
  supportUrl: linkUrl,
  /** Target of every 'Help center' link; the support address unless the install names one. */
  helpCenterUrl: linkUrl,
  termsUrl: linkUrl,
  privacyUrl: linkUrl,
  cookiePolicyUrl: linkUrl,
  dpaUrl: linkUrl,
  /** Which OpenID provider the server signs in with: Google, or its built-in local issuer. */
  authProvider: z.enum(['google', 'local']),
  /** Legacy app host for ineligible (delegate) users (AUTH-007); null when the install has none. */
  legacyAppUrl: webUrl.nullable(),
  /** Where 'Go to Marketplace' sends people to install the add-on (ONB-008). */
  marketplaceUrl: webUrl,
  /** The new-spreadsheet page behind 'Open Google Sheets' (ONB-014). */
  sheetsUrl: webUrl,
  appVersion: z.string().min(1),
});

type Env = z.infer<typeof envSchema>;

/** Build-time overrides (`import.meta.env`), each beside the meta tag it overrides. */
const settings = {
  productName: { vite: 'VITE_PRODUCT_NAME', meta: 'product-name' },
  supportUrl: { vite: 'VITE_SUPPORT_URL', meta: 'support-url' },
  helpCenterUrl: { vite: 'VITE_HELP_CENTER_URL', meta: 'help-center-url' },
  termsUrl: { vite: 'VITE_TERMS_URL', meta: 'terms-url' },
  privacyUrl: { vite: 'VITE_PRIVACY_URL', meta: 'privacy-url' },
  cookiePolicyUrl: { vite: 'VITE_COOKIE_POLICY_URL', meta: 'cookie-policy-url' },
  dpaUrl: { vite: 'VITE_DPA_URL', meta: 'dpa-url' },
  authProvider: { vite: 'VITE_AUTH_PROVIDER', meta: 'auth-provider' },
  legacyAppUrl: { vite: 'VITE_LEGACY_APP_URL', meta: 'legacy-app-url' },
  marketplaceUrl: { vite: 'VITE_MARKETPLACE_URL', meta: 'marketplace-url' },
  sheetsUrl: { vite: 'VITE_SHEETS_URL', meta: 'sheets-url' },
} as const;

type ViteName = (typeof settings)[keyof typeof settings]['vite'];

interface EnvSources {
  /** `import.meta.env` (build-time values, prefixed VITE_). */
  viteEnv: Partial<Record<ViteName, string | undefined>>;
  /** The page the app was served in; the server rewrites its <meta> tags at serve time. */
  document?: Pick<Document, 'querySelector'>;
}

function metaContent(source: EnvSources['document'], name: string): string | undefined {
  const content = source?.querySelector(`meta[name="${name}"]`)?.getAttribute('content')?.trim();
  return content || undefined;
}

/**
 * Each value comes from the build-time variable, else the server-injected <meta> tag, else the
 * default. A bad value stops the app at start with a message naming the setting, rather than
 * showing broken links later.
 */
export function resolveEnv({ viteEnv, document }: EnvSources): Env {
  const read = (name: keyof typeof settings): string | undefined =>
    viteEnv[settings[name].vite]?.trim() || metaContent(document, settings[name].meta);
  const supportUrl = read('supportUrl') || DEFAULT_SUPPORT_URL;
  const result = envSchema.safeParse({
    productName: read('productName') || DEFAULT_PRODUCT_NAME,
    supportUrl,
    helpCenterUrl: read('helpCenterUrl') || supportUrl,
    termsUrl: read('termsUrl') || DEFAULT_LEGAL_URLS.termsUrl,
    privacyUrl: read('privacyUrl') || DEFAULT_LEGAL_URLS.privacyUrl,
    cookiePolicyUrl: read('cookiePolicyUrl') || DEFAULT_LEGAL_URLS.cookiePolicyUrl,
    dpaUrl: read('dpaUrl') || DEFAULT_LEGAL_URLS.dpaUrl,
    // The embedded server signs in with its local issuer, so that is the default.
    authProvider: read('authProvider') || 'local',
    legacyAppUrl: read('legacyAppUrl') || null,
    marketplaceUrl: read('marketplaceUrl') || DEFAULT_MARKETPLACE_URL,
    sheetsUrl: read('sheetsUrl') || DEFAULT_SHEETS_URL,
    appVersion: APP_VERSION,
  });
  if (!result.success) {
    throw new Error(`Invalid web app configuration:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}

export const env: Env = resolveEnv({
  viteEnv: import.meta.env,
  document: typeof document === 'undefined' ? undefined : document,
});
