import { z } from 'zod';
import { defineContract } from './contract';
import { API_BASES } from './api-bases';
import { jsonRecord, text } from './text';

/** EVT-001/EVT-007: events from the web app, stored by the server. */
export const analyticsEventSchema = z.object({
  eventType: z
    .string()
    .regex(/^[a-z][a-z0-9_]{1,63}$/, 'eventType must be snake_case, e.g. webapp_page_view'),
  payload: jsonRecord().default({}),
  workspaceId: z.uuid().optional(),
});

export const recordEvents = defineContract({
  method: 'POST',
  path: `${API_BASES.v1}/events`,
  summary: 'Record analytics and logging events (with the web app version); works signed out too',
  tags: ['events'],
  body: z.object({
    appVersion: text().max(32),
    events: z.array(analyticsEventSchema).min(1).max(50),
  }),
  response: z.object({ accepted: z.number().int() }),
  successStatus: 202,
});
