import { APP_VERSION, jsonSetting, reviewBadgesSchema, testimonialsSchema } from '@mergeboard/core';
import { z } from 'zod';

export const DEFAULT_PRODUCT_NAME = 'Mergeboard';
export const DEFAULT_MARKETPLACE_URL = 'https://workspace.google.com/marketplace';
export const DEFAULT_SHEETS_URL = 'https://docs.google.com/spreadsheets/create';

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
  // The install's own links and content (issue 24): the operator's to configure; null (or empty)
  // when it did not, and the screens then leave that link or slot out rather than show a
  // placeholder.
  /** Target of every 'contact us' link. */
  supportUrl: linkUrl.nullable(),
  /** Target of every 'Help center' link; the support address unless the install names one. */
  helpCenterUrl: linkUrl.nullable(),
  /** The login page's legal links (AUTH-035 AUTH-036). */
  termsUrl: linkUrl.nullable(),
  privacyUrl: linkUrl.nullable(),
  cookiePolicyUrl: linkUrl.nullable(),
  dpaUrl: linkUrl.nullable(),
  /** Review scores of the login side panel and onboarding step 1 (AUTH-037, ONB-007). */
  reviewBadges: reviewBadgesSchema,
  /** Testimonials of the login side panel (AUTH-037). */
  testimonials: testimonialsSchema,
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
  reviewBadges: { vite: 'VITE_REVIEW_BADGES', meta: 'review-badges' },
  testimonials: { vite: 'VITE_TESTIMONIALS', meta: 'testimonials' },
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
  const supportUrl = read('supportUrl') || null;
  /** A list written as JSON; text that is not JSON goes on as it is, for the check to name. */
  const jsonList = (name: 'reviewBadges' | 'testimonials'): unknown => {
    const value = read(name);
    if (!value) return [];
    const parsed = jsonSetting(z.unknown()).safeParse(value);
    return parsed.success ? parsed.data : value;
  };
  const result = envSchema.safeParse({
    productName: read('productName') || DEFAULT_PRODUCT_NAME,
    supportUrl,
    helpCenterUrl: read('helpCenterUrl') || supportUrl,
    termsUrl: read('termsUrl') || null,
    privacyUrl: read('privacyUrl') || null,
    cookiePolicyUrl: read('cookiePolicyUrl') || null,
    dpaUrl: read('dpaUrl') || null,
    reviewBadges: jsonList('reviewBadges'),
    testimonials: jsonList('testimonials'),
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
