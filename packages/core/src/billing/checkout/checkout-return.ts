import { BILLING_INTERVALS, PLAN_LABELS, type BillingInterval } from '../../constants/pricing';
import { WORKSPACE_PLANS, type WorkspacePlan } from '../../constants/domain';
import { SEATS } from '../../constants/limits';

/**
 * BILL-001: the billing page's query parameters that belong to a checkout (its return, its
 * plan and interval, its errors). They are dropped when the space is switched (BILL-002), so a
 * banner about one space's purchase never shows on another. `status`, the seat names and the
 * seat-change names are the return's own (C7, C8); `coupon` feeds the schedule rule (BILL-027).
 */
const CHECKOUT_QUERY_PARAMS = [
  'checkout',
  'status',
  'plan',
  'interval',
  'coupon',
  'from',
  'to',
  'fromInterval',
  'toInterval',
  'gmailSeats',
  'workspaceSeats',
  'gmailUsers',
  'workspaceUsers',
  'addedSeats',
  'removedSeats',
  'change-billing-cycle',
  'checkout-error',
] as const;

/** The query without its checkout parameters, as a search string ('' or '?…'). */
export function withoutCheckoutParams(search: URLSearchParams): string {
  const kept = new URLSearchParams(search);
  for (const name of CHECKOUT_QUERY_PARAMS) kept.delete(name);
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/** BILL-029: the checkout-return types, numbered as the spec numbers them. */
const CHECKOUT_RETURN_TYPES = {
  NONE: 0,
  FREE_TO_PAID: 1,
  SEAT_INCREASE: 2,
  SEAT_DECREASE: 3,
} as const;

export type CheckoutReturn =
  | { type: typeof CHECKOUT_RETURN_TYPES.NONE }
  /**
   * BILL-030 BILL-031 BILL-032: the query does not describe a purchase of this space: go to plain billing.
   */
  | { type: 'REDIRECT' }
  | {
      type: typeof CHECKOUT_RETURN_TYPES.FREE_TO_PAID;
      to: Exclude<WorkspacePlan, 'FREE'>;
      interval: BillingInterval | null;
      /** Which kind of seat was bought: one Gmail seat, or 1 to 100 domain seats. */
      seats: { kind: 'gmail' | 'workspace'; count: number };
    }
  | {
      type: typeof CHECKOUT_RETURN_TYPES.SEAT_INCREASE | typeof CHECKOUT_RETURN_TYPES.SEAT_DECREASE;
      seats: number;
    };

const NONE = { type: CHECKOUT_RETURN_TYPES.NONE } as const;
const REDIRECT = { type: 'REDIRECT' } as const;

/** A whole number written in plain digits, else null ('5.0', '1e2', ' 5' are not seat counts). */
function digits(value: string | null): number | null {
  return value !== null && /^\d{1,4}$/.test(value) ? Number(value) : null;
}

/** C9: seat parameters are valid from 1 to 100, the purchase maximum. */
const isSeatCount = (n: number | null): n is number =>
  n !== null && n >= SEATS.returnParamMin && n <= SEATS.returnParamMax;

/** C8: gmailSeats and workspaceSeats, with gmailUsers and workspaceUsers as aliases. */
const seatParam = (search: URLSearchParams, name: 'gmail' | 'workspace') =>
  search.get(`${name}Seats`) ?? search.get(`${name}Users`);

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return values.find((candidate) => candidate === value) ?? null;
}

/**
 * BILL-028 BILL-029 BILL-030 BILL-031 BILL-032 (C7, C8, C9): what a return from checkout says. A success flag
 * is `checkout=success` (seat flows) or `status=success` (hosted checkout). A seat change carries
 * addedSeats or removedSeats; a purchase carries from=FREE, to and one non-zero seat count
 * (gmailSeats 0 or 1, workspaceSeats 0 to 100, exactly one of them zero). A space still on FREE,
 * or parameters that do not fit these shapes, send the page back to plain billing.
 */
export function parseCheckoutReturn(search: URLSearchParams, workspacePlan: WorkspacePlan): CheckoutReturn {
  if (search.get('checkout') !== 'success' && search.get('status') !== 'success') return NONE;
  if (workspacePlan === 'FREE') return REDIRECT;

  for (const [name, type] of [
    ['addedSeats', CHECKOUT_RETURN_TYPES.SEAT_INCREASE],
    ['removedSeats', CHECKOUT_RETURN_TYPES.SEAT_DECREASE],
  ] as const) {
    if (!search.has(name)) continue;
    const seats = digits(search.get(name));
    return isSeatCount(seats) ? { type, seats } : REDIRECT;
  }

  if (!search.has('from') && !search.has('to')) return NONE;
  const to = oneOf(WORKSPACE_PLANS, search.get('to'));
  if (search.get('from') !== 'FREE' || to === null || to === 'FREE') return REDIRECT;
  const gmail = digits(seatParam(search, 'gmail') ?? '0');
  const workspace = digits(seatParam(search, 'workspace') ?? '0');
  if (gmail === null || workspace === null || gmail > 1 || workspace > SEATS.legacyReturnWorkspaceSeatsMax) {
    return REDIRECT;
  }
  if ((gmail === 0) === (workspace === 0)) return REDIRECT;
  const seats =
    gmail > 0 ? { kind: 'gmail' as const, count: gmail } : { kind: 'workspace' as const, count: workspace };
  if (!isSeatCount(seats.count)) return REDIRECT;
  return {
    type: CHECKOUT_RETURN_TYPES.FREE_TO_PAID,
    to,
    interval: oneOf(BILLING_INTERVALS, search.get('toInterval')),
    seats,
  };
}

interface Banner {
  title: string;
  message: string;
}

const seatWord = (n: number) => (n === 1 ? 'seat' : 'seats');
const BILLED = { MONTHLY: 'billed monthly', YEARLY: 'billed annually' } as const;

/**
 * BILL-006: the banner a return shows. The spec gives no wording, only what it is built from
 * (the success flag, the new plan, the seats and the interval).
 */
export function checkoutReturnBanner(result: CheckoutReturn): Banner | null {
  switch (result.type) {
    case CHECKOUT_RETURN_TYPES.FREE_TO_PAID: {
      const plan = result.seats.kind === 'gmail' ? PLAN_LABELS.PRO_PERSONAL : PLAN_LABELS[result.to];
      const seats = `${result.seats.count} ${seatWord(result.seats.count)}`;
      const billed = result.interval ? `, ${BILLED[result.interval]}` : '';
      return {
        title: 'Thank you for your purchase!',
        message: `Your space is now on the ${plan} plan with ${seats}${billed}.`,
      };
    }
    case CHECKOUT_RETURN_TYPES.SEAT_INCREASE:
      return {
        title: 'Seats added',
        message: `You successfully added ${result.seats} ${seatWord(result.seats)} to your subscription.`,
      };
    case CHECKOUT_RETURN_TYPES.SEAT_DECREASE:
      return {
        title: 'Seats removed',
        message: `${result.seats} ${seatWord(result.seats)} will be removed from your subscription at its next renewal.`,
      };
    default:
      return null;
  }
}
