import { APP_VERSION, recordEvents } from '@mergeboard/core';
import type { z } from 'zod';
import type { analyticsEventSchema } from '@mergeboard/core';
import { callApi } from '../../../lib/api-client';

export type AnalyticsEvent = z.input<typeof analyticsEventSchema>;

/**
 * POST /api/v1/events: one batch with the web app version (EVT-001). Sent with the bearer when
 * there is one, without otherwise (the call works signed out). Not renewed on 401: events are
 * best effort and must never end a session.
 */
export function sendEvents(events: AnalyticsEvent[], options: { keepalive?: boolean } = {}) {
  return callApi(recordEvents, { body: { appVersion: APP_VERSION, events } }, options);
}
