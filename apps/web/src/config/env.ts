import { APP_VERSION } from '@mergeboard/core';
import { z } from 'zod';

export const DEFAULT_PRODUCT_NAME = 'Mergeboard';
/** Placeholder until the install configures its own address (server-injected meta tag). */
export const DEFAULT_SUPPORT_URL = 'mailto:support@example.com';

const envSchema = z.object({
  /** Shown in headings and the page-title suffix; the spec's 'YAMM' (ARCHITECTURE §6, PRODUCT_NAME). */
  productName: z.string().trim().min(1),
  /** Target of every 'contact us' link. */
  supportUrl: z
    .string()
    .trim()
    .regex(/^(mailto:|https?:\/\/)/, 'must be a mailto: or http(s):// URL'),
  appVersion: z.string().min(1),
});

export type Env = z.infer<typeof envSchema>;

export interface EnvSources {
  /** `import.meta.env` (build-time values, prefixed VITE_). */
  viteEnv: Partial<Record<'VITE_PRODUCT_NAME' | 'VITE_SUPPORT_URL', string | undefined>>;
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
  const result = envSchema.safeParse({
    productName: viteEnv.VITE_PRODUCT_NAME || metaContent(document, 'product-name') || DEFAULT_PRODUCT_NAME,
    supportUrl: viteEnv.VITE_SUPPORT_URL || metaContent(document, 'support-url') || DEFAULT_SUPPORT_URL,
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
