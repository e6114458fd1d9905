import { Anchor, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { SavingsCalculator } from '../../features/savings-calculator/components/savings-calculator';
import { HowWeEstimate } from '../../features/savings-calculator/components/how-we-estimate';
import { useAppConfig } from '../../lib/app-config';

/**
 * /public/salescalculator: the savings calculator (spec 2.14), public. A direct visit gets calculator.html, which renders
 * this without the app's router and session (the page's JavaScript budget); links here are plain links for that reason.
 */
export function SalesCalculatorRoute() {
  const { config } = useAppConfig();
  return (
    <Stack gap="lg" maw={1100} mx="auto" pb="xl">
      <PageHeader
        title="Savings calculator"
        description="What your stores could save, and the good they could do, by giving unsold food to farmers and charities."
        actions={
          config.booking_url ? (
            <Button
              component="a"
              href={config.booking_url}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="lets-talk"
            >
              Let's Talk
              <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
            </Button>
          ) : undefined
        }
      />
      <SavingsCalculator />
      <HowWeEstimate />
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          How the dashboard counts real donations:
        </Text>
        <Anchor href={paths.public.aboutNumbers} size="sm">
          About these numbers
        </Anchor>
      </Group>
    </Stack>
  );
}
