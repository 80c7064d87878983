export { billingRoutes } from './billing-routes';
export { listPricePlanShape, setUpCatalogue, type CatalogueResult } from './catalogue/catalogue';
export { syncBillingCustomer } from './sync/billing-sync';
export { SYNC_BILLING_CUSTOMER_JOB, syncBillingCustomerJob } from './sync/sync-job';
export { resolvePurchase, type ResolvedPurchase } from './checkout/checkout-plans';
export { discountsOf, subscriptionItemsOf } from './checkout/price-preview';
export { seatDriftJob } from './drift/seat-drift-job';
