import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CARD_MESSAGES, readCard, type CardBehaviour } from '../cards';
import { expireIfDue, payCheckoutSession, sendEvents, setPendingAuthentication } from '../checkout-payment';
import { authenticateInvoice, invoiceIntent } from '../invoice-payments';
import { SANDBOX_STRIPE_PREFIX } from '../sandbox-paths';
import type { SandboxContext } from '../sandbox-route';
import { findObject, type StripeObject } from '../sandbox-store';
import {
  authenticationPage,
  checkoutPage,
  closedPage,
  invoicePage,
  type OrderSummary,
} from './checkout-pages';
import { html, sandboxPage, sendPage } from './page-layout';
import { registerPortalPages } from './hosted-portal';
import { checkoutRows, invoiceRows } from './price-rows';

type Pending = { brand: string; last4: string; behaviour: CardBehaviour };

async function orderSummary(context: SandboxContext, session: StripeObject): Promise<OrderSummary> {
  const items = (session.line_items as { data: { price: StripeObject }[] }).data;
  const interval = (items[0]?.price.recurring as { interval: string } | undefined)?.interval ?? 'month';
  return { session, rows: await checkoutRows(context.db, session), interval };
}

/**
 * The hosted pages for people (checkout, invoices, the customer portal): no API key (a buyer has none), the session id (24
 * random characters) is the only way in, as at Stripe. Forms post to the same origin only: a
 * browser's Sec-Fetch-Site or Origin from another site is refused, so another site cannot press
 * Pay for someone.
 */
export async function registerHostedCheckout(
  app: FastifyInstance,
  options: { context: SandboxContext; publicUrl: string },
): Promise<void> {
  const { context } = options;
  const ownOrigin = new URL(options.publicUrl).origin;

  const crossSite = (request: FastifyRequest) => {
    const site = request.headers['sec-fetch-site'];
    if (site && site !== 'same-origin' && site !== 'none') return true;
    const origin = request.headers.origin;
    return Boolean(origin) && origin !== ownOrigin && origin !== `${request.protocol}://${request.host}`;
  };

  /** The session when it can still be paid; otherwise the page saying why, already sent. */
  const openSession = async (request: FastifyRequest, reply: FastifyReply): Promise<StripeObject | null> => {
    const { id } = request.params as { id: string };
    const found = await findObject(context.db, 'checkout.session', id);
    if (!found) {
      await sendPage(reply, 404, sandboxPage('Not found', html`<h1>No such checkout</h1>`));
      return null;
    }
    const { session, events } = await expireIfDue(context, found);
    await sendEvents(context, events);
    if (session.status !== 'open') {
      await sendPage(reply, session.status === 'complete' ? 200 : 410, closedPage(session));
      return null;
    }
    return session;
  };

  const pay = async (reply: FastifyReply, session: StripeObject, card: Pending) => {
    const paid = await payCheckoutSession(context, {
      sessionId: session.id,
      card,
      publicOrigin: options.publicUrl,
    });
    if (paid.status === 'complete') return reply.redirect(paid.successUrl, 303);
    const now = await findObject(context.db, 'checkout.session', session.id);
    return sendPage(reply, 409, closedPage(now ?? session));
  };

  await app.register(
    async (scope) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
      scope.addHook('onRequest', async (request, reply) => {
        if (request.method === 'POST' && crossSite(request)) {
          await sendPage(
            reply,
            403,
            sandboxPage('Refused', html`<h1>This form must be sent from its own page</h1>`),
          );
        }
      });
      // A card form's few fields: nothing larger is ever posted here.
      const page = { schema: { hide: true }, bodyLimit: 4 * 1024 };

      scope.get('/checkout/:id', page, async (request, reply) => {
        const session = await openSession(request, reply);
        if (session) return sendPage(reply, 200, checkoutPage(await orderSummary(context, session), null));
      });

      scope.post('/checkout/:id/pay', page, async (request, reply) => {
        const session = await openSession(request, reply);
        if (!session) return;
        const card = readCard(String((request.body as Record<string, unknown> | null)?.cardNumber ?? ''));
        const refuse = async (status: number, message: string) =>
          sendPage(reply, status, checkoutPage(await orderSummary(context, session), message));
        if (!card.ok) return refuse(400, card.message);
        if (card.behaviour === 'declined') return refuse(402, CARD_MESSAGES.declined);
        const pending: Pending = { brand: card.brand, last4: card.last4, behaviour: card.behaviour };
        if (card.behaviour === 'authenticate') {
          await setPendingAuthentication(context, session.id, pending);
          return reply.redirect(`${SANDBOX_STRIPE_PREFIX}/checkout/${session.id}/authenticate`, 303);
        }
        return pay(reply, session, pending);
      });

      scope.get('/checkout/:id/authenticate', page, async (request, reply) => {
        const session = await openSession(request, reply);
        if (!session) return;
        const pending = session._authentication as Pending | null;
        if (!pending) return reply.redirect(`${SANDBOX_STRIPE_PREFIX}/checkout/${session.id}`, 303);
        return sendPage(reply, 200, authenticationPage(session, pending.last4));
      });

      scope.post('/checkout/:id/authenticate', page, async (request, reply) => {
        const session = await openSession(request, reply);
        if (!session) return;
        const pending = session._authentication as Pending | null;
        if (!pending) return reply.redirect(`${SANDBOX_STRIPE_PREFIX}/checkout/${session.id}`, 303);
        if ((request.body as Record<string, unknown> | null)?.result !== 'complete') {
          const cleared = await setPendingAuthentication(context, session.id, null);
          if (!cleared) return sendPage(reply, 409, closedPage(session));
          return sendPage(
            reply,
            402,
            checkoutPage(await orderSummary(context, cleared), CARD_MESSAGES.authenticationFailed),
          );
        }
        return pay(reply, session, pending);
      });

      const showInvoice = async (reply: FastifyReply, id: string, status: number, notice: string | null) => {
        const invoice = await findObject(context.db, 'invoice', id);
        if (!invoice) return sendPage(reply, 404, sandboxPage('Not found', html`<h1>No such invoice</h1>`));
        const intent = await invoiceIntent(context, invoice);
        const awaits = invoice.status === 'open' && intent?.status === 'requires_action';
        const rows = await invoiceRows(context.db, invoice);
        return sendPage(reply, status, invoicePage(invoice, rows, { awaitsAuthentication: awaits, notice }));
      };

      scope.get('/invoices/:id', page, async (request, reply) =>
        showInvoice(reply, (request.params as { id: string }).id, 200, null),
      );

      scope.post('/invoices/:id/authenticate', page, async (request, reply) => {
        const { id } = request.params as { id: string };
        const complete = (request.body as Record<string, unknown> | null)?.result === 'complete';
        const outcome = await authenticateInvoice(context, { invoiceId: id, complete });
        if (!outcome) return showInvoice(reply, id, 409, 'This invoice does not wait for authentication.');
        if (!outcome.paid) return showInvoice(reply, id, 402, CARD_MESSAGES.authenticationFailed);
        return reply.redirect(`${SANDBOX_STRIPE_PREFIX}/invoices/${id}`, 303);
      });

      registerPortalPages(scope, context, options.publicUrl);
    },
    { prefix: SANDBOX_STRIPE_PREFIX },
  );
}
