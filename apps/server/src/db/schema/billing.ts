import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  BILLING_INTERVALS,
  CHECKOUT_SESSION_STATUSES,
  CURRENCIES,
  INVOICE_STATUSES,
  LEGAL_ENTITIES,
  LIST_PRICE_PLANS,
  PAYMENT_PLAN_STATUSES,
  PAYMENT_SOURCES,
  PURCHASE_TYPES,
  SEAT_REMOVAL_STATUSES,
  SUBSCRIPTION_STATUSES,
  USER_PLANS,
  WORKSPACE_PLANS,
} from '@mergeboard/core';
import { createdAt, oneOf, timestamptz, updatedAt } from './columns';
import { users } from './identity';
import { workspaces } from './workspaces';

// Money is always an integer number of cents of the row's currency.

const COUPON_DURATIONS = ['forever', 'repeating', 'once'] as const;

/** A price at the payment provider. Per-seat plans charge each tier's unit amount per seat. */
export const paymentPlans = pgTable(
  'payment_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stripePriceId: text('stripe_price_id').notNull(),
    /** The list-price identifier (PERSONAL, PROFESSIONAL, TEAM_5, ...) this price belongs to. */
    listPricePlan: text('list_price_plan', { enum: LIST_PRICE_PLANS }),
    workspacePlan: text('workspace_plan', { enum: WORKSPACE_PLANS }).notNull(),
    userPlan: text('user_plan', { enum: USER_PLANS }),
    billingInterval: text('billing_interval', { enum: BILLING_INTERVALS }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    isPerSeat: boolean('is_per_seat').notNull().default(true),
    status: text('status', { enum: PAYMENT_PLAN_STATUSES }).notNull().default('ACTIVE'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('payment_plans_stripe_price_id_unique').on(t.stripePriceId),
    check('payment_plans_list_price_plan_check', oneOf(t.listPricePlan, LIST_PRICE_PLANS)),
    check('payment_plans_workspace_plan_check', oneOf(t.workspacePlan, WORKSPACE_PLANS)),
    check('payment_plans_user_plan_check', oneOf(t.userPlan, USER_PLANS)),
    check('payment_plans_billing_interval_check', oneOf(t.billingInterval, BILLING_INTERVALS)),
    check('payment_plans_currency_check', oneOf(t.currency, CURRENCIES)),
    check('payment_plans_status_check', oneOf(t.status, PAYMENT_PLAN_STATUSES)),
  ],
);

/** Graduated tiers; the last tier has no upper bound (up_to null). */
export const paymentPlanTiers = pgTable(
  'payment_plan_tiers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentPlanId: uuid('payment_plan_id')
      .notNull()
      .references(() => paymentPlans.id, { onDelete: 'cascade' }),
    upTo: integer('up_to'),
    unitAmount: integer('unit_amount').notNull(),
  },
  (t) => [
    unique('payment_plan_tiers_payment_plan_id_up_to_unique').on(t.paymentPlanId, t.upTo).nullsNotDistinct(),
    check('payment_plan_tiers_up_to_check', sql`${t.upTo} IS NULL OR ${t.upTo} > 0`),
    check('payment_plan_tiers_unit_amount_check', sql`${t.unitAmount} >= 0`),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    paymentSource: text('payment_source', { enum: PAYMENT_SOURCES }).notNull(),
    purchaseType: text('purchase_type', { enum: PURCHASE_TYPES }),
    billingInterval: text('billing_interval', { enum: BILLING_INTERVALS }).notNull(),
    workspacePlan: text('workspace_plan', { enum: WORKSPACE_PLANS }).notNull(),
    country: text('country'),
    currency: text('currency', { enum: CURRENCIES }).notNull().default('USD'),
    /** Percent, e.g. 21.00 for 21 %. */
    taxRate: numeric('tax_rate', { precision: 6, scale: 3, mode: 'number' }).notNull().default(0),
    /** Price of one billing period before coupon and tax. */
    amount: integer('amount').notNull().default(0),
    discount: integer('discount').notNull().default(0),
    autoRenew: boolean('auto_renew').notNull().default(true),
    companyName: text('company_name'),
    couponId: text('coupon_id'),
    couponDuration: text('coupon_duration', { enum: COUPON_DURATIONS }),
    couponPercentOff: numeric('coupon_percent_off', { precision: 5, scale: 2, mode: 'number' }),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    /** stripeSubscriptionScheduleId: set while a change waits for the end of the period. */
    providerScheduleId: text('provider_schedule_id'),
    /** A billing-cycle change that takes effect at scheduledChangeAt. */
    scheduledBillingInterval: text('scheduled_billing_interval', { enum: BILLING_INTERVALS }),
    scheduledChangeAt: timestamptz('scheduled_change_at'),
    /**
     * A change to the provider's subscription in progress (add seats, schedule edits): who holds
     * it and until when. The provider call sits between reading and writing the quantity, so no
     * database transaction can span it (the embedded sandbox shares our one PGlite connection);
     * this lease makes concurrent changes of one subscription take turns, across processes.
     */
    changeLeaseId: uuid('change_lease_id'),
    changeLeaseUntil: timestamptz('change_lease_until'),
    /**
     * Seats bought while a schedule holds the next period, whose invoice waits for the card
     * holder's confirmation: once that invoice is paid, the next phase gains `added` seats (it
     * sold `nextBefore` when they were bought). The sync job applies and clears it.
     */
    pendingSeatPhase: jsonb('pending_seat_phase').$type<{
      invoiceId: string;
      nextBefore: number;
      added: number;
    }>(),
    /** subscriptionTimestamp: when the customer first subscribed. */
    subscribedAt: timestamptz('subscribed_at').notNull().defaultNow(),
    /** startTimestamp and endTimestamp: the current billing period. */
    startAt: timestamptz('start_at').notNull(),
    endAt: timestamptz('end_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('subscriptions_provider_subscription_id_unique').on(t.providerSubscriptionId),
    index('subscriptions_workspace_id_status_idx').on(t.workspaceId, t.status),
    check('subscriptions_status_check', oneOf(t.status, SUBSCRIPTION_STATUSES)),
    check('subscriptions_payment_source_check', oneOf(t.paymentSource, PAYMENT_SOURCES)),
    check('subscriptions_purchase_type_check', oneOf(t.purchaseType, PURCHASE_TYPES)),
    check('subscriptions_billing_interval_check', oneOf(t.billingInterval, BILLING_INTERVALS)),
    check('subscriptions_workspace_plan_check', oneOf(t.workspacePlan, WORKSPACE_PLANS)),
    check('subscriptions_currency_check', oneOf(t.currency, CURRENCIES)),
    check('subscriptions_country_check', sql`${t.country} ~ '^[A-Z]{2}$'`),
    check('subscriptions_coupon_duration_check', oneOf(t.couponDuration, COUPON_DURATIONS)),
    check(
      'subscriptions_scheduled_billing_interval_check',
      oneOf(t.scheduledBillingInterval, BILLING_INTERVALS),
    ),
    check(
      'subscriptions_scheduled_change_check',
      sql`(${t.scheduledBillingInterval} IS NULL) = (${t.scheduledChangeAt} IS NULL)`,
    ),
    check('subscriptions_amounts_check', sql`${t.amount} >= 0 AND ${t.discount} >= 0`),
    check('subscriptions_period_check', sql`${t.endAt} >= ${t.startAt}`),
  ],
);

/**
 * The seats a subscription holds on one payment plan. totalSeats are paid for (-1: unlimited),
 * assignedSeats are given to members, allowedQuantity is the most the plan lets it hold.
 */
export const subscriptionPaymentPlans = pgTable(
  'subscription_payment_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    paymentPlanId: uuid('payment_plan_id')
      .notNull()
      .references(() => paymentPlans.id, { onDelete: 'restrict' }),
    userPlan: text('user_plan', { enum: USER_PLANS }).notNull(),
    legalEntity: text('legal_entity', { enum: LEGAL_ENTITIES }),
    allowedQuantity: integer('allowed_quantity').notNull(),
    totalSeats: integer('total_seats').notNull(),
    assignedSeats: integer('assigned_seats').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('subscription_payment_plans_subscription_id_payment_plan_id_unique').on(
      t.subscriptionId,
      t.paymentPlanId,
    ),
    index('subscription_payment_plans_payment_plan_id_idx').on(t.paymentPlanId),
    check('subscription_payment_plans_user_plan_check', oneOf(t.userPlan, USER_PLANS)),
    check('subscription_payment_plans_legal_entity_check', oneOf(t.legalEntity, LEGAL_ENTITIES)),
    check(
      'subscription_payment_plans_seats_check',
      sql`${t.allowedQuantity} >= -1 AND ${t.totalSeats} >= -1 AND ${t.assignedSeats} >= 0
        AND (${t.totalSeats} = -1 OR ${t.assignedSeats} <= ${t.totalSeats})`,
    ),
  ],
);

/** Seats to drop at the next renewal; at most one is PENDING per subscription. */
export const scheduledSeatRemovals = pgTable(
  'scheduled_seat_removals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    paymentPlanId: uuid('payment_plan_id')
      .notNull()
      .references(() => paymentPlans.id, { onDelete: 'restrict' }),
    targetSeatsQuantity: integer('target_seats_quantity').notNull(),
    targetSubscriptionAmount: integer('target_subscription_amount'),
    removeAt: timestamptz('remove_at').notNull(),
    status: text('status', { enum: SEAT_REMOVAL_STATUSES }).notNull().default('PENDING'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('scheduled_seat_removals_one_pending_idx')
      .on(t.subscriptionId)
      .where(sql`${t.status} = 'PENDING'`),
    check('scheduled_seat_removals_status_check', oneOf(t.status, SEAT_REMOVAL_STATUSES)),
    check('scheduled_seat_removals_target_check', sql`${t.targetSeatsQuantity} >= 1`),
  ],
);

/** A hosted checkout started by a buyer, with the billing details they typed. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The payment provider adapter that hosts it (stripe, or the local sandbox). */
    provider: text('provider').notNull(),
    /** stripeCheckoutSessionId. */
    providerSessionId: text('provider_session_id').notNull(),
    status: text('status', { enum: CHECKOUT_SESSION_STATUSES }).notNull().default('OPEN'),
    workspacePlan: text('workspace_plan', { enum: WORKSPACE_PLANS }).notNull(),
    billingInterval: text('billing_interval', { enum: BILLING_INTERVALS }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull().default('USD'),
    purchaseType: text('purchase_type', { enum: PURCHASE_TYPES }).notNull().default('B2C'),
    customerName: text('customer_name'),
    companyName: text('company_name'),
    vatNumber: text('vat_number'),
    /** addressInfo: country, state, city, postalCode, street. */
    address: jsonb('address').$type<Record<string, string | null>>().notNull(),
    /** stripePlans: stripePriceId, userIds, quantity per plan. */
    plans: jsonb('plans').$type<unknown[]>().notNull(),
    amountTotal: integer('amount_total'),
    taxRate: numeric('tax_rate', { precision: 6, scale: 3, mode: 'number' }),
    goBackUrl: text('go_back_url'),
    /** The subscription the completed checkout created or changed. */
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    expiresAt: timestamptz('expires_at').notNull(),
    completedAt: timestamptz('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('checkout_sessions_provider_session_id_unique').on(t.provider, t.providerSessionId),
    // One open checkout per space: a newer one supersedes it (features/billing/checkout).
    uniqueIndex('checkout_sessions_one_open_idx')
      .on(t.workspaceId)
      .where(sql`${t.status} = 'OPEN'`),
    index('checkout_sessions_workspace_id_created_at_idx').on(t.workspaceId, t.createdAt.desc().nullsFirst()),
    check('checkout_sessions_status_check', oneOf(t.status, CHECKOUT_SESSION_STATUSES)),
    check('checkout_sessions_workspace_plan_check', oneOf(t.workspacePlan, WORKSPACE_PLANS)),
    check('checkout_sessions_billing_interval_check', oneOf(t.billingInterval, BILLING_INTERVALS)),
    check('checkout_sessions_currency_check', oneOf(t.currency, CURRENCIES)),
    check('checkout_sessions_purchase_type_check', oneOf(t.purchaseType, PURCHASE_TYPES)),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    providerInvoiceId: text('provider_invoice_id'),
    status: text('status', { enum: INVOICE_STATUSES }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    amountDue: integer('amount_due').notNull(),
    amountPaid: integer('amount_paid').notNull().default(0),
    hostedInvoiceUrl: text('hosted_invoice_url'),
    /** As the provider reports it: requires_payment_method, requires_action, succeeded, ... */
    paymentIntentStatus: text('payment_intent_status'),
    periodStart: timestamptz('period_start'),
    periodEnd: timestamptz('period_end'),
    paidAt: timestamptz('paid_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('invoices_provider_invoice_id_unique').on(t.providerInvoiceId),
    // The latest invoice of a subscription.
    index('invoices_subscription_id_created_at_idx').on(t.subscriptionId, t.createdAt.desc().nullsFirst()),
    check('invoices_status_check', oneOf(t.status, INVOICE_STATUSES)),
    check('invoices_currency_check', oneOf(t.currency, CURRENCIES)),
    check('invoices_amounts_check', sql`${t.amountDue} >= 0 AND ${t.amountPaid} >= 0`),
  ],
);

/** Webhook events already handled: a redelivered event id is recognised and skipped. */
export const providerEvents = pgTable(
  'provider_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    processedAt: timestamptz('processed_at'),
    error: text('error'),
  },
  (t) => [unique('provider_events_provider_event_id_unique').on(t.provider, t.eventId)],
);

/**
 * The space's one customer at the payment provider (design/payments.md §3: one customer per
 * space). Created before the first checkout; webhooks name the customer, this finds the space.
 */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    workspaceId: uuid('workspace_id')
      .primaryKey()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('billing_customers_provider_customer_unique').on(t.provider, t.customerId)],
);
