import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { documentedRoutes, routeDocumentMarkdown } from './route-document';
import { routes } from './routes';

describe('the route document (docs/routes.md)', () => {
  let t: TestApp;
  const registered: RouteOptions[] = [];
  beforeAll(async () => {
    // Fully embedded: the built-in issuer, the payment sandbox and the mailbox all registered.
    t = await createTestApp({ onRoute: (route) => registered.push(route) });
  });
  afterAll(() => t.close());

  it('is up to date: `npm run routes:doc` writes it again after a route changes', async () => {
    await expect(routeDocumentMarkdown(documentedRoutes(registered))).toMatchFileSnapshot(
      '../../../../docs/routes.md',
    );
  });

  it('lists every line of the route table with its access, as the OpenAPI operation does', async () => {
    const lines = documentedRoutes(registered);
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { operationId: string; 'x-permission': string }>>;
    };
    for (const route of routes) {
      const { method, path } = route.contract;
      const line = lines.find((l) => l.method === method && l.path === path);
      expect(line, `${method} ${path}`).toBeDefined();
      const openApiPath = path.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[openApiPath]?.[method.toLowerCase()];
      expect(operation?.operationId, `${method} ${path}`).toBe(line!.contract);
      expect(operation?.['x-permission'], `${method} ${path}`).toBe(line!.access);
    }
  });

  it('refuses a route whose access nobody wrote down', () => {
    const stray = { method: 'GET', url: '/somewhere-new', handler: () => undefined } as RouteOptions;
    expect(() => documentedRoutes([stray], [])).toThrow(/GET \/somewhere-new has no documented access/);
  });
});
