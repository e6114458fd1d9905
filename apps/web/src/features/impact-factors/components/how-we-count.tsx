import { List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatNumber, KG_PER_MEAL, kgToLb, LB_ROUNDING_RULE, REPORT_TIME_ZONE } from '@openrescue/shared';
import { formatFactor, formatPerKgMoney } from '../lib/factor-format';
import { mealsFor, type HeadlineFactor } from '../lib/headline-factors';

const EXAMPLE_KG = 100;

function Figure({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** How each dashboard figure is worked out, in words a store manager can check with a calculator. */
export function HowWeCount({ factors }: { factors: HeadlineFactor[] }) {
  const charity = factors.find((f) => f.destinationId === 1);
  const money = charity?.moneyPerKg ?? 0.175;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="how-we-count">
      <Figure title="Food rescued">
        <Text>
          Every bin of food is weighed at the store when it is picked up. Food rescued is the total of those weights, in
          kilograms, whether the food went to a charity, a farm or a composter.
        </Text>
        <Text data-testid="lb-rule">
          We also show it in pounds, on screen, in spreadsheets and in PDFs alike. {LB_ROUNDING_RULE} {EXAMPLE_KG} kg is{' '}
          {formatNumber(kgToLb(EXAMPLE_KG))} lb.
        </Text>
      </Figure>
      <Figure title="Meals provided">
        <Text>
          Only food given to a charity counts as meals. One meal is 1.2 lb of food, which is {KG_PER_MEAL} kg (the
          convention used by Feeding America and ReFED).
        </Text>
        <Text>
          Meals = kg given to charities ÷ {KG_PER_MEAL}. For example, {EXAMPLE_KG} kg of bread given to a food bank is
          about {formatNumber(mealsFor(EXAMPLE_KG))} meals. Food sent to farms or compost provides no meals.
        </Text>
      </Figure>
      <Figure title="CO2e reduced">
        <Text>
          Food that ends up in a landfill gives off greenhouse gases. For each kilogram kept out of the landfill we
          count the emissions avoided, in kilograms of CO2 equivalent (CO2e), depending on where the food went:
        </Text>
        <List spacing={4}>
          {factors.map((f) => (
            <List.Item key={f.destinationId}>
              {f.destination}: {formatFactor(f.co2ePerKg)} kg CO2e per kg of food
            </List.Item>
          ))}
        </List>
        <Text>CO2e reduced = kg to each destination × its factor, added up.</Text>
      </Figure>
      <Figure title="Money saved">
        <Text>
          Money saved is the value of the donated food: {formatPerKgMoney(money)} per kg ($175 per tonne), whatever the
          destination. {EXAMPLE_KG} kg is worth {formatPerKgMoney(EXAMPLE_KG * money)}. It is shown to program staff.
        </Text>
      </Figure>
      <Figure title="Dates and rounding">
        <Text>
          A day or a month runs midnight to midnight, Vancouver time ({REPORT_TIME_ZONE}). A reporting range always ends
          on the last day of the month you pick.
        </Text>
        <Text>
          Figures are added up from each donation and then rounded for display, with thousands separators; a figure in
          the millions is shown as, for example, 1.2M.
        </Text>
      </Figure>
      <Figure title="When a factor changes">
        <Text>
          When better research changes a factor, we add a new version that applies from its start date. Donations keep
          the figures they were recorded with, so past reports never change silently. The table below lists every
          version and where its numbers come from.
        </Text>
      </Figure>
    </SimpleGrid>
  );
}
