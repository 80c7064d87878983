import type { Db } from '../../db/client';
import type { StripeList, StripeObject } from './sandbox-store';

/** What a sandbox handler works with: its database and the event log (webhooks follow it). */
export interface SandboxContext {
  db: Db;
  /** Records `type` about `object` as a Stripe event, delivered signed to our webhook endpoint. */
  emit(type: string, object: StripeObject, previousAttributes?: Record<string, unknown>): Promise<void>;
}

export interface SandboxRequest {
  params: Record<string, string>;
  /** POST bodies, and GET query strings, decoded with their nesting. */
  input: unknown;
}

/** One Stripe endpoint the sandbox answers, its path relative to /v1. */
export interface SandboxRoute {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  handle(context: SandboxContext, request: SandboxRequest): Promise<StripeObject | StripeList>;
}
