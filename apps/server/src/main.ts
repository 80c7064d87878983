import { ConfigError, loadConfig } from './config/config';
import { DataDirLockedError } from './db/data-dir-lock';
import { STRIPE_WEBHOOK_EVENTS } from './features/payments';
import { loadDemo, setUpStripe, startServer, type RunningServer } from './server';

async function main(): Promise<void> {
  const config = loadConfig();
  if (process.argv.includes('--demo-only')) {
    const seeded = await loadDemo(config);
    console.warn(seeded ? 'Demo data loaded.' : 'Demo data was already there; nothing changed.');
    return;
  }
  if (process.argv.includes('--stripe-setup')) {
    const { prices, coupons } = await setUpStripe(config);
    console.warn(`Stripe catalogue ready: ${prices.length} prices, coupons ${coupons.join(', ')}.`);
    console.warn(`Webhook endpoint: ${config.publicUrl}/api/v1/webhooks/stripe`);
    console.warn(`Its events: ${STRIPE_WEBHOOK_EVENTS.join(', ')}`);
    return;
  }
  // Signals are handled from the start: one that arrives while the server starts (the sandbox's
  // catalogue and the demo's purchases run after it listens) stops it once it has started.
  let server: RunningServer | null = null;
  let stopRequested = false;
  let signals = 0;
  const stop = (running: RunningServer) =>
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  const shutdown = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) process.exit(130);
    console.warn(`\n  ${signal} received: finishing requests and jobs, then closing the database…`);
    if (server) void stop(server);
    else stopRequested = true;
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  server = await startServer(config);
  if (stopRequested) {
    void stop(server);
    return;
  }
  const shape = config.database.kind === 'pglite' ? `PGlite in ${config.database.dir}` : 'PostgreSQL';
  if (server.url)
    console.warn(`\n  ${config.PRODUCT_NAME} is running at ${server.url}  (database: ${shape})\n`);
  else console.warn(`\n  ${config.PRODUCT_NAME} worker is running (database: ${shape})\n`);
}

main().catch((error: unknown) => {
  const expected = error instanceof ConfigError || error instanceof DataDirLockedError;
  console.error(expected ? error.message : error);
  process.exit(1);
});
