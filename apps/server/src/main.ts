import { loadConfig } from './config/config';
import { databaseShape, runMain, runUntilSignalled } from './run-main';

// Each branch imports its code when it runs: a ROLE=worker process hands over to the worker alone
// (dist/worker.js when built), never loading the HTTP app and the packages only it uses.
runMain(async () => {
  const config = loadConfig();
  if (process.argv.includes('--demo-only')) {
    const { loadDemo } = await import('./server');
    const seeded = await loadDemo(config);
    console.warn(seeded ? 'Demo data loaded.' : 'Demo data was already there; nothing changed.');
    return;
  }
  if (process.argv.includes('--stripe-setup')) {
    const [{ setUpStripe }, { STRIPE_WEBHOOK_EVENTS }] = await Promise.all([
      import('./server'),
      import('./features/billing'),
    ]);
    const { prices, coupons } = await setUpStripe(config);
    console.warn(`Stripe catalogue ready: ${prices.length} prices, coupons ${coupons.join(', ')}.`);
    console.warn(`Webhook endpoint: ${config.publicUrl}/api/v1/webhooks/stripe`);
    console.warn(`Its events: ${STRIPE_WEBHOOK_EVENTS.join(', ')}`);
    return;
  }
  if (config.ROLE === 'worker') {
    await import('./worker-main');
    return;
  }
  const { startServer } = await import('./server');
  const server = await runUntilSignalled(() => startServer(config));
  if (server?.url) {
    console.warn(
      `\n  ${config.PRODUCT_NAME} is running at ${server.url}  (database: ${databaseShape(config)})\n`,
    );
  }
});
