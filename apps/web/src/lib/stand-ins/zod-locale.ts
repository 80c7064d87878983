/**
 * Stands in for zod's English error messages where zod's schema classes load them (vite.config.ts):
 * every message the app shows is the contract's own (core's schemas name theirs), so the table
 * of default wordings (about 1 kB gzip) is left out of the web build; an issue without its own
 * message reads zod's fallback, 'Invalid input'. The server keeps the full messages.
 */
export default function noDefaultMessages(): Record<string, never> {
  return {};
}
