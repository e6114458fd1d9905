import { Anchor, Stack, Text, Title } from '@mantine/core';
import { reportDay } from '@openrescue/shared';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { useImpactFactors } from '../../features/impact-factors/api/get-impact-factors';
import { HowWeCount } from '../../features/impact-factors/components/how-we-count';
import { ImpactFactorsTable } from '../../features/impact-factors/components/impact-factors-table';
import { headlineFactors } from '../../features/impact-factors/lib/headline-factors';
import { currentFactors } from '../../features/impact-factors/lib/normalise-factor';
import { useAppConfig } from '../../lib/app-config';
import { useSession } from '../../lib/session-context';

/** /public/about-the-numbers: how the dashboard's figures are computed and the factors in use (public). */
export function AboutNumbersRoute() {
  const { config } = useAppConfig();
  const { user } = useSession();
  const factors = useImpactFactors();
  const headline = useMemo(
    () => headlineFactors(factors.data ? currentFactors(factors.data, reportDay()) : undefined),
    [factors.data],
  );

  return (
    <Stack gap="xl" maw={1100} mx="auto" pb="xl">
      <div>
        <PageHeader
          title="About these numbers"
          description={`How ${config.product_name} works out meals provided, food rescued, CO2e reduced and money saved.`}
        />
        {user && (
          <Anchor component={Link} to={user.staff ? paths.asClient : paths.home} size="sm">
            Back to the dashboard
          </Anchor>
        )}
      </div>
      <HowWeCount factors={headline} />
      <Stack gap="sm" component="section" aria-labelledby="impact-factors-heading">
        <Title order={2} size="h3" id="impact-factors-heading">
          Impact factors in use
        </Title>
        <Text c="dimmed" maw={760}>
          The figure per kilogram of food for each destination (and, where a deployment sets one, each department), with
          the date each version started and its source.
        </Text>
        <ImpactFactorsTable query={factors} />
      </Stack>
    </Stack>
  );
}
