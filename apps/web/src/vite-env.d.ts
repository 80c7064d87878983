/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Build-time override of the product name; normally the server injects it (see config/env.ts). */
  readonly VITE_PRODUCT_NAME?: string;
  /** Build-time override of where 'contact us' points (a mailto: or https: URL). */
  readonly VITE_SUPPORT_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
