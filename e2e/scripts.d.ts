declare module '*/scripts/lib/build.mjs' {
  export const root: string;
  export function buildIfStale(options?: { force?: boolean; only?: 'web' | 'server' }): string;
}
