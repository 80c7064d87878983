import { createServer } from 'node:net';
import { createTestApp, type TestApp } from './test-app';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The test app listening on a real port, its PUBLIC_URL matching, for flows that need HTTP. */
export async function createListeningTestApp(
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<TestApp & { baseUrl: string }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const t = await createTestApp({
    ...options,
    env: { PORT: String(port), PUBLIC_URL: baseUrl, ...options.env },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { ...t, baseUrl };
}
