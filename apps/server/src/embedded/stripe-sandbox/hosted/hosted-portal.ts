import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CARD_MESSAGES, readCard } from '../cards';
import { advanceTestClock, TEST_CLOCK } from '../clock-advance';
import { cancelAtPeriodEnd, liveSubscriptions, updatePortalCard } from '../portal-actions';
import { usablePortalSession } from '../portal-sessions';
import { hostedPortalPath } from '../sandbox-paths';
import type { SandboxContext } from '../sandbox-route';
import { findObject, listObjects, type StripeObject } from '../sandbox-store';
import { html, sandboxPage, sendPage } from './page-layout';
import { subscriptionRows } from './price-rows';
import {
  CLOCK_STEP_LABELS,
  expiredPortalPage,
  portalPage,
  type ClockStep,
  type PortalView,
} from './portal-pages';

async function portalView(context: SandboxContext, session: StripeObject): Promise<PortalView> {
  const customerId = session.customer as string;
  const customer = await findObject(context.db, 'customer', customerId);
  const subscriptions = (await liveSubscriptions(context, customerId)).data;
  const cardId =
    (customer?.invoice_settings as { default_payment_method?: string } | undefined)?.default_payment_method ??
    (subscriptions[0]?.default_payment_method as string | undefined);
  const invoices = await listObjects(context.db, {
    object: 'invoice',
    url: '/v1/invoices',
    limit: 24,
    contains: { customer: customerId },
  });
  const clockId = customer?.test_clock;
  const entries = [];
  for (const subscription of subscriptions) {
    entries.push({ subscription, rows: await subscriptionRows(context.db, subscription) });
  }
  return {
    session,
    card: cardId ? await findObject(context.db, 'payment_method', cardId) : null,
    subscriptions: entries,
    invoices: invoices.data.filter((invoice) => invoice.status !== 'draft'),
    clock: typeof clockId === 'string' ? await findObject(context.db, TEST_CLOCK, clockId) : null,
  };
}

/**
 * The customer portal pages (design/payments.md §2), inside the hosted pages' scope: same form
 * parser, same refusal of forms from other sites. Each action answers a redirect to the portal
 * (post/redirect/get), or the portal again with the error, as the checkout page does.
 */
const DAY = 86_400;

/** Where a step of the clock control moves the clock to, from its time and the subscriptions. */
function clockTarget(step: ClockStep, now: number, subscriptions: StripeObject[]): number {
  if (step === 'day') return now + DAY;
  if (step === 'week') return now + 7 * DAY;
  if (step === 'month') return now + 30 * DAY;
  const ends = subscriptions.map(
    (subscription) =>
      (subscription.items as { data: { current_period_end: number }[] }).data[0]!.current_period_end,
  );
  // An hour past the period end: the renewal's invoice is charged, as Stripe does about then.
  return ends.length ? Math.max(now + 1, Math.min(...ends) + 3600) : now + DAY;
}

export function registerPortalPages(
  scope: FastifyInstance,
  context: SandboxContext,
  publicOrigin: string,
): void {
  const page = { schema: { hide: true } };

  /** The session while it may be used; otherwise the page saying why, already sent. */
  const sessionOf = async (request: FastifyRequest, reply: FastifyReply) => {
    const { id } = request.params as { id: string };
    const found = await findObject(context.db, 'billing_portal.session', id);
    if (!found) {
      await sendPage(reply, 404, sandboxPage('Not found', html`<h1>No such portal session</h1>`));
      return null;
    }
    const session = await usablePortalSession(context.db, found);
    if (!session) await sendPage(reply, 410, expiredPortalPage(found));
    return session;
  };

  scope.get('/portal/:id', page, async (request, reply) => {
    const session = await sessionOf(request, reply);
    if (session) return sendPage(reply, 200, portalPage(await portalView(context, session), null));
  });

  scope.post('/portal/:id/card', page, async (request, reply) => {
    const session = await sessionOf(request, reply);
    if (!session) return;
    const card = readCard(String((request.body as Record<string, unknown> | null)?.cardNumber ?? ''));
    const refuse = async (status: number, message: string) =>
      sendPage(reply, status, portalPage(await portalView(context, session), message));
    if (!card.ok) return refuse(400, card.message);
    if (card.behaviour === 'declined') return refuse(402, CARD_MESSAGES.declined);
    const { unpaid } = await updatePortalCard(context, {
      customer: session.customer as string,
      card: { brand: card.brand, last4: card.last4, behaviour: card.behaviour },
    });
    if (unpaid > 0) {
      return refuse(
        402,
        card.behaviour === 'authenticate'
          ? 'The card is saved. The open invoice needs your confirmation: open it from the invoices below.'
          : 'The card is saved, but paying the open invoice with it was declined.',
      );
    }
    return reply.redirect(hostedPortalPath(session.id), 303);
  });

  scope.post('/portal/:id/clock', page, async (request, reply) => {
    const session = await sessionOf(request, reply);
    if (!session) return;
    const step = String((request.body as Record<string, unknown> | null)?.step ?? '');
    const view = await portalView(context, session);
    if (!view.clock || !Object.hasOwn(CLOCK_STEP_LABELS, step)) {
      return sendPage(reply, 400, portalPage(view, 'This clock cannot be moved that way.'));
    }
    await advanceTestClock(context, {
      clockId: view.clock.id,
      frozenTime: clockTarget(
        step as ClockStep,
        view.clock.frozen_time as number,
        view.subscriptions.map((entry) => entry.subscription),
      ),
      publicOrigin,
    });
    return reply.redirect(hostedPortalPath(session.id), 303);
  });

  scope.post('/portal/:id/cancel', page, async (request, reply) => {
    const session = await sessionOf(request, reply);
    if (!session) return;
    const subscription = String((request.body as Record<string, unknown> | null)?.subscription ?? '');
    const canceled = await cancelAtPeriodEnd(context, {
      customer: session.customer as string,
      subscription,
    });
    if (!canceled) {
      return sendPage(
        reply,
        404,
        portalPage(await portalView(context, session), 'This subscription cannot be canceled here.'),
      );
    }
    return reply.redirect(hostedPortalPath(session.id), 303);
  });
}
