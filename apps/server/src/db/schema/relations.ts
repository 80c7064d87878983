import { relations } from 'drizzle-orm';
import {
  paymentPlanTiers,
  paymentPlans,
  scheduledSeatRemovals,
  subscriptionPaymentPlans,
  subscriptions,
} from './billing';
import { campaignRecipients, campaigns, pollAnswers } from './campaigns';
import { scheduledMerges } from './scheduled-merges';
import { identities, rolloutStatus, sessions, users } from './identity';
import { invitations, memberships } from './memberships';
import { workspaceDomains, workspaces } from './workspaces';

// For `db.query.*` reads with nested rows; they add no constraint to the database.

export const usersRelations = relations(users, ({ one, many }) => ({
  addonWorkspace: one(workspaces, { fields: [users.addonWorkspaceId], references: [workspaces.id] }),
  identities: many(identities),
  rolloutStatus: one(rolloutStatus),
  memberships: many(memberships),
}));

export const identitiesRelations = relations(identities, ({ one, many }) => ({
  user: one(users, { fields: [identities.userId], references: [users.id] }),
  sessions: many(sessions),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  identity: one(identities, { fields: [sessions.identityId], references: [identities.id] }),
}));

export const rolloutStatusRelations = relations(rolloutStatus, ({ one }) => ({
  user: one(users, { fields: [rolloutStatus.userId], references: [users.id] }),
}));

export const workspacesRelations = relations(workspaces, ({ many }) => ({
  domains: many(workspaceDomains),
  memberships: many(memberships),
  invitations: many(invitations),
  subscriptions: many(subscriptions),
  campaigns: many(campaigns),
  scheduledMerges: many(scheduledMerges),
}));

export const workspaceDomainsRelations = relations(workspaceDomains, ({ one }) => ({
  workspace: one(workspaces, { fields: [workspaceDomains.workspaceId], references: [workspaces.id] }),
}));

export const membershipsRelations = relations(memberships, ({ one }) => ({
  workspace: one(workspaces, { fields: [memberships.workspaceId], references: [workspaces.id] }),
  user: one(users, { fields: [memberships.userId], references: [users.id] }),
}));

export const invitationsRelations = relations(invitations, ({ one }) => ({
  workspace: one(workspaces, { fields: [invitations.workspaceId], references: [workspaces.id] }),
  invitedBy: one(users, { fields: [invitations.invitedByUserId], references: [users.id] }),
}));

export const paymentPlansRelations = relations(paymentPlans, ({ many }) => ({
  tiers: many(paymentPlanTiers),
}));

export const paymentPlanTiersRelations = relations(paymentPlanTiers, ({ one }) => ({
  paymentPlan: one(paymentPlans, { fields: [paymentPlanTiers.paymentPlanId], references: [paymentPlans.id] }),
}));

export const subscriptionsRelations = relations(subscriptions, ({ one, many }) => ({
  workspace: one(workspaces, { fields: [subscriptions.workspaceId], references: [workspaces.id] }),
  paymentPlans: many(subscriptionPaymentPlans),
  scheduledSeatRemovals: many(scheduledSeatRemovals),
}));

export const subscriptionPaymentPlansRelations = relations(subscriptionPaymentPlans, ({ one }) => ({
  subscription: one(subscriptions, {
    fields: [subscriptionPaymentPlans.subscriptionId],
    references: [subscriptions.id],
  }),
  paymentPlan: one(paymentPlans, {
    fields: [subscriptionPaymentPlans.paymentPlanId],
    references: [paymentPlans.id],
  }),
}));

export const scheduledSeatRemovalsRelations = relations(scheduledSeatRemovals, ({ one }) => ({
  subscription: one(subscriptions, {
    fields: [scheduledSeatRemovals.subscriptionId],
    references: [subscriptions.id],
  }),
}));

export const campaignsRelations = relations(campaigns, ({ one, many }) => ({
  workspace: one(workspaces, { fields: [campaigns.workspaceId], references: [workspaces.id] }),
  sender: one(users, { fields: [campaigns.userId], references: [users.id] }),
  recipients: many(campaignRecipients),
  pollAnswers: many(pollAnswers),
}));

export const campaignRecipientsRelations = relations(campaignRecipients, ({ one }) => ({
  campaign: one(campaigns, { fields: [campaignRecipients.campaignId], references: [campaigns.id] }),
}));

export const pollAnswersRelations = relations(pollAnswers, ({ one }) => ({
  campaign: one(campaigns, { fields: [pollAnswers.campaignId], references: [campaigns.id] }),
}));

export const scheduledMergesRelations = relations(scheduledMerges, ({ one }) => ({
  workspace: one(workspaces, { fields: [scheduledMerges.workspaceId], references: [workspaces.id] }),
  user: one(users, { fields: [scheduledMerges.userId], references: [users.id] }),
}));
