/// <reference types="vite/client" />

/** Build-time overrides of the settings the server normally injects as <meta> tags (config/env.ts). */
interface ImportMetaEnv {
  readonly VITE_PRODUCT_NAME?: string;
  /** Where 'contact us' points (a mailto: or https: URL). */
  readonly VITE_SUPPORT_URL?: string;
  readonly VITE_HELP_CENTER_URL?: string;
  readonly VITE_TERMS_URL?: string;
  readonly VITE_PRIVACY_URL?: string;
  readonly VITE_COOKIE_POLICY_URL?: string;
  readonly VITE_DPA_URL?: string;
  /** 'google' or 'local'. */
  readonly VITE_AUTH_PROVIDER?: string;
  readonly VITE_LEGACY_APP_URL?: string;
  readonly VITE_MARKETPLACE_URL?: string;
  readonly VITE_SHEETS_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
