/**
 * Where each service of the spec lives under this server (ARCHITECTURE §4). The spec writes
 * auth and billing paths with their own version inside (`/v1/auth/token`,
 * `/workspace-billing/payment-plans/v1`), so those hang directly off `/api`.
 */
export const API_BASES = {
  v1: '/api/v1',
  v2: '/api/v2',
  unversioned: '/api',
  auth: '/api',
  billing: '/api',
} as const;

export const HEALTH_PATH = '/healthz';
export const API_DOCS_PATH = '/api/docs';
