import { ActionIcon, NumberInput, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  calculateSavings, DESTINATIONS, SAVINGS_MAX_STORE_SIZE_SQFT, SAVINGS_MAX_STORES, type SavingsResult,
} from '@openrescue/shared';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { displayAmount, displayDollars } from '../lib/display';
import { ProgramCard } from './program-card';
import classes from './savings-calculator.module.css';

type Value = number | string;

// The destinations' own colours (DESIGN.md "Departments and destinations"), as on the dashboard's charts.
const colourOf = (name: string) => DESTINATIONS.find((d) => d.name === name)?.color;

/** The live sentence read out by screen readers (role=status) and shown above the results. */
function summary(r: SavingsResult): string {
  if (r.errors.stores || r.errors.size) return 'Correct the highlighted value to see the estimates.';
  if (!r.counted) return 'Enter the number of stores and the store size to see the estimates.';
  const stores = `${displayAmount(r.stores)} ${r.stores === 1 ? 'store' : 'stores'}`;
  return `Estimates for ${stores} of ${r.size.toLocaleString('en-US', { maximumFractionDigits: 20 })} sqft: combined, ${displayDollars(
    r.combined.money,
  )} saved and ${displayAmount(r.combined.meals)} meals.`;
}

/** The savings calculator (spec 2.14): two inputs, results for the farmer and charity programs and combined. */
export function SavingsCalculator() {
  const [stores, setStores] = useState<Value>('');
  const [size, setSize] = useState<Value>('');
  const result = useMemo(() => calculateSavings({ stores, size }), [stores, size]);
  const { farmer, charity, combined } = result;

  const step = (delta: number) => setStores(Math.max(0, result.stores + delta));
  const kgWithLb = (kg: number, lb: number) => (
    <>
      {displayAmount(kg)} kg{' '}
      <Text span inherit fw={500} c="dimmed">
        ({displayAmount(lb)} lb)
      </Text>
    </>
  );

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Your stores">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <NumberInput
            label="Number of stores"
            description={`Whole stores, up to ${SAVINGS_MAX_STORES}.`}
            placeholder="e.g. 10"
            value={stores}
            onChange={setStores}
            error={result.errors.stores}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            clampBehavior="none"
            hideControls
            inputMode="numeric"
            size="md"
            classNames={{ input: classes.centred }}
            leftSectionPointerEvents="all"
            rightSectionPointerEvents="all"
            leftSection={
              <ActionIcon
                variant="subtle"
                size="lg"
                aria-label="One store fewer"
                onClick={() => step(-1)}
                disabled={result.stores <= 0}
                data-testid="stores-minus"
              >
                <IconMinus size={18} aria-hidden="true" />
              </ActionIcon>
            }
            rightSection={
              <ActionIcon variant="subtle" size="lg" aria-label="One store more" onClick={() => step(1)} data-testid="stores-plus">
                <IconPlus size={18} aria-hidden="true" />
              </ActionIcon>
            }
            data-testid="stores-input"
          />
          <NumberInput
            label="Store size (sqft)"
            description={`Sales floor per store, up to ${SAVINGS_MAX_STORE_SIZE_SQFT.toLocaleString('en-US')} sqft.`}
            placeholder="e.g. 25,000"
            value={size}
            onChange={setSize}
            error={result.errors.size}
            allowNegative={false}
            decimalSeparator="."
            thousandSeparator=","
            clampBehavior="none"
            hideControls
            inputMode="decimal"
            size="md"
            rightSection={<span className={classes.unit}>sqft</span>}
            rightSectionWidth={52}
            data-testid="size-input"
          />
        </SimpleGrid>
      </Paper>

      <Text role="status" aria-live="polite" fw={500} data-testid="calculator-status">
        {summary(result)}
      </Text>

      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" data-testid="calculator-results">
        <ProgramCard
          id="farmer"
          title="Farmer program"
          accent={colourOf('Farm')}
          rows={[
            { key: 'food', label: 'Food diverted to farms', value: kgWithLb(farmer.food_kg, farmer.food_lb) },
            { key: 'co2e', label: 'CO2e emissions avoided', value: `${displayAmount(farmer.co2e_kg)} kg` },
            { key: 'money', label: 'Money saved', value: displayDollars(farmer.money) },
          ]}
        />
        <ProgramCard
          id="charity"
          title="Charity program"
          accent={colourOf('Charity')}
          rows={[
            { key: 'food', label: 'Food donated to charities', value: kgWithLb(charity.food_kg, charity.food_lb) },
            { key: 'meals', label: 'Meals provided', value: displayAmount(charity.meals) },
            { key: 'co2e', label: 'CO2e emissions avoided', value: `${displayAmount(charity.co2e_kg)} kg` },
            { key: 'money', label: 'Money saved', value: displayDollars(charity.money) },
          ]}
        />
        <ProgramCard
          id="combined"
          title="Combined"
          accent="var(--mantine-primary-color-filled)"
          rows={[
            { key: 'money', label: 'Money saved', value: displayDollars(combined.money) },
            { key: 'meals', label: 'Meals provided', value: displayAmount(combined.meals) },
            { key: 'co2e', label: 'CO2e emissions avoided', value: `${displayAmount(combined.co2e_kg)} kg` },
          ]}
        />
      </SimpleGrid>
    </Stack>
  );
}
