import { z } from 'zod';

/** A query flag: the strings true and false, read as a boolean. */
export const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

/** `{id}` of the /workspaces/{id}/… paths. */
export const workspaceIdParams = z.object({ id: z.uuid('id must be a space id') });
