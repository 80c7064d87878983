import { sql } from 'drizzle-orm';
import { APP_VERSION, getHealth } from '@mergeboard/core';
import { defineRoute } from '../../http/route';
import { AppError } from '../../http/app-error';

export const healthRoutes = [
  defineRoute({
    contract: getHealth,
    access: { kind: 'public' },
    handler: async ({ context }) => {
      try {
        await context.database.db.execute(sql`select 1`);
      } catch {
        throw new AppError('unavailable', 'Database is not reachable');
      }
      return { status: 'ok', database: context.database.kind, version: APP_VERSION } as const;
    },
  }),
];
