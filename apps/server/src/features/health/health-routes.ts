import { getHealth } from '@mergeboard/core';
import { defineRoute } from '../../http/route';
import { readHealth } from './health-service';

export const healthRoutes = [
  defineRoute({
    contract: getHealth,
    access: { kind: 'public' },
    handler: ({ context }) => readHealth(context.database),
  }),
];
