import { z } from 'zod';
import { invalidParam } from './sandbox-errors';

/**
 * Reads a request's parameters (form-encoded, nested as Stripe nests them: `a[b]=c`,
 * `items[0][price]=…`) against a strict schema, answering the first problem the way Stripe does:
 * 400 naming the parameter in bracket notation. Unknown parameters are refused, as Stripe refuses
 * them, so a caller of ours that sends something Stripe would reject fails here too.
 */
export function readParams<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]!] : issue.path;
  const param = path.map((part, index) => (index === 0 ? String(part) : `[${String(part)}]`)).join('');
  throw invalidParam(
    param,
    issue.code === 'unrecognized_keys'
      ? `Received unknown parameter: ${param}`
      : `Invalid ${param}: ${issue.message}`,
  );
}

/** Form values arrive as strings. */
export const formInt = z.coerce.number().int();
export const formBool = z.enum(['true', 'false']).transform((value) => value === 'true');
/** Stripe metadata: string values; an empty string removes the key on update. */
export const metadataParam = z.record(z.string(), z.string()).optional();
/** `expand[]` accepted wherever Stripe accepts it; the sandbox's objects hold no references to expand. */
export const expandParam = z.array(z.string()).optional();
export const limitParam = formInt.min(1).max(100).default(10);

/** Stripe merges metadata: given keys are set, empty values removed. */
export function mergeMetadata(
  current: Record<string, string>,
  update: Record<string, string> | undefined,
): Record<string, string> {
  const next = { ...current, ...update };
  for (const [key, value] of Object.entries(next)) if (value === '') delete next[key];
  return next;
}
