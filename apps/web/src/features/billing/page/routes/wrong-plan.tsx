import { Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import {
  accountTypeOfPlan,
  eligiblePlanQuestion,
  listPriceOf,
  otherAccountType,
  PRICING_PLANS,
  WRONG_PLAN_RULES,
  wrongPlanHeading,
  type AccountType,
} from '@mergeboard/core';
import { Link, Navigate, useSearchParams } from 'react-router';
import { env } from '../../../../config/env';
import { paths } from '../../../../config/paths';
import { usePageTitle } from '../../../../lib/page-title';
import { CenteredPage } from '../../../../ui/centered-page';
import { PageLoader } from '../../../../ui/page-loader';
import { useAuth, useCurrentUser } from '../../../auth';
import { PlanCard } from '../components/plan-card';

/**
 * /wrong-plan (RES-015 RES-016 RES-017 RES-018 RES-019 RES-020 RES-021 RES-022 RES-023 RES-024), shown signed
 * in or out (ROUTE-005): the plan asked for in `plan` does not fit the account; the page names the plan that
 * does, and offers another account. Signed in with an account the plan fits, it goes on to billing with the
 * same query (RES-016).
 */
export function Component() {
  usePageTitle('Wrong plan');
  const [search] = useSearchParams();
  const auth = useAuth();
  const user = useCurrentUser();
  const requested = accountTypeOfPlan(search.get('plan'));

  if (auth.startup === 'restoring' || (auth.token !== null && user.isPending)) return <PageLoader />;
  const account = user.data ?? null;
  if (account && requested === account.type) {
    return <Navigate to={paths.settingsBilling.getHref(`?${search}`)} replace />;
  }

  // Signed in, the account decides what fits; signed out, the plan that was not asked for.
  const eligible: AccountType | null = account?.type ?? (requested && otherAccountType(requested));
  const signIn = () =>
    account
      ? void auth.switchAccount()
      : auth.startSignIn({ continueTo: paths.settingsBilling.getHref(`?${search}`) });

  return (
    <CenteredPage>
      <Paper withBorder shadow="sm" p={{ base: 'lg', xs: 'xl' }} w="100%" maw={640}>
        <Stack align="center" gap="md" ta="center">
          <Title order={1} size="h2">
            {requested ? wrongPlanHeading(requested, account?.userEmail ?? null) : 'Wrong plan'}
          </Title>
          {WRONG_PLAN_RULES.map((rule) => (
            <Text key={rule}>{rule}</Text>
          ))}
          {eligible && (
            <>
              <Text fw={700}>{eligiblePlanQuestion(eligible)}</Text>
              <PlanCard
                plan={PRICING_PLANS[eligible]}
                price={listPriceOf(PRICING_PLANS[eligible])}
                action={{
                  label: 'Subscribe',
                  to: paths.settingsBilling.getHref(`?plan=${PRICING_PLANS[eligible].ids[0]}`),
                }}
                quotaConditions={search.get('quota-conditions') === '1'}
              />
            </>
          )}
          <Button variant="default" onClick={signIn}>
            Sign-in with another account
          </Button>
          <Anchor component={Link} to={paths.settingsBilling.getHref('?show-plans=1')}>
            Back to {env.productName} pricing plans
          </Anchor>
        </Stack>
      </Paper>
    </CenteredPage>
  );
}
