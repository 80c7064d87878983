import { z } from 'zod';
import { defineContract } from './contract';
import { HEALTH_PATH } from './api-bases';

const healthResponseSchema = z
  .object({
    status: z.literal('ok'),
    database: z.enum(['pglite', 'postgres']),
    version: z.string(),
  })
  .meta({ id: 'Health' });

/** 200 while the database answers a query; 503 with the error shape otherwise. */
export const getHealth = defineContract({
  method: 'GET',
  path: HEALTH_PATH,
  summary: 'Liveness and database reachability',
  tags: ['system'],
  response: healthResponseSchema,
});
