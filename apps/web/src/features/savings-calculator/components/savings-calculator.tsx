import { ActionIcon, Anchor, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  calculateSavings,
  DESTINATIONS,
  SAVINGS_MAX_STORE_SIZE_SQFT,
  SAVINGS_MAX_STORES,
  type SavingsResult,
} from '@openrescue/shared';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { paths } from '../../../config/paths';
import { displayAmount, displayDollars } from '../lib/display';
import { FIELDS, readField, type FieldName } from '../lib/fields';
import { formatTyped } from '../lib/typed-number';
import { ProgramCard } from './program-card';
import classes from './savings-calculator.module.css';

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

/** What a meals figure is based on, beside it: the calculator's formula is not the dashboards' (decision 0056). */
function MealsBasis({ share }: { share: string }) {
  return (
    <Text component="span" size="xs" c="dimmed" fw={400} className={classes.basis}>
      Planning estimate: area × {share} × 0.544 (0.544 meals per kg). Dashboards count real donations at 1 meal per
      0.544 kg, about 3.4 times as many meals per kg.{' '}
      <Anchor href={paths.public.aboutNumbers} inherit underline="always">
        About the numbers
      </Anchor>
    </Text>
  );
}

/**
 * The savings calculator (spec 2.14): two inputs, results for the farmer and charity programs and combined.
 * The fields are uncontrolled: the text in them is what the user typed, kept as is (the server sends them
 * pre-rendered, and what is typed before the script runs is read from them once it does), and shown with thousands
 * separators when the user leaves a field (decision 0056).
 */
export function SavingsCalculator() {
  const [typed, setTyped] = useState<Record<FieldName, string>>({ stores: '', size: '' });
  const storesRef = useRef<HTMLInputElement>(null);
  const sizeRef = useRef<HTMLInputElement>(null);
  const stores = readField('stores', typed.stores);
  const size = readField('size', typed.size);
  const result = useMemo(
    () => calculateSavings({ stores: stores.input, size: size.input }),
    [stores.input, size.input],
  );
  const errors = { stores: stores.error ?? result.errors.stores, size: size.error ?? result.errors.size };
  const shown = { ...result, errors };
  const { farmer, charity, combined } = result;

  // Whatever was typed into the pre-rendered fields before this code ran.
  useEffect(() => {
    setTyped({ stores: storesRef.current?.value ?? '', size: sizeRef.current?.value ?? '' });
  }, []);

  const set = (name: FieldName, text: string) => {
    const field = name === 'stores' ? storesRef.current : sizeRef.current;
    if (field && field.value !== text) field.value = text;
    setTyped((current) => ({ ...current, [name]: text }));
  };
  const format = (name: FieldName, text: string) => set(name, formatTyped(text, { whole: FIELDS[name].whole }));
  const step = (delta: number) => set('stores', String(Math.max(0, result.stores + delta)));
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
          <TextInput
            ref={storesRef}
            name="stores"
            label="Number of stores"
            description={`Whole stores, up to ${SAVINGS_MAX_STORES}.`}
            placeholder="e.g. 10"
            defaultValue=""
            onChange={(event) => set('stores', event.currentTarget.value)}
            onBlur={(event) => format('stores', event.currentTarget.value)}
            error={errors.stores}
            inputMode="numeric"
            autoComplete="off"
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
              <ActionIcon
                variant="subtle"
                size="lg"
                aria-label="One store more"
                onClick={() => step(1)}
                data-testid="stores-plus"
              >
                <IconPlus size={18} aria-hidden="true" />
              </ActionIcon>
            }
            data-testid="stores-input"
          />
          <TextInput
            ref={sizeRef}
            name="size"
            label="Store size (sqft)"
            description={`Sales floor per store, up to ${SAVINGS_MAX_STORE_SIZE_SQFT.toLocaleString('en-US')} sqft.`}
            placeholder="e.g. 25,000"
            defaultValue=""
            onChange={(event) => set('size', event.currentTarget.value)}
            onBlur={(event) => format('size', event.currentTarget.value)}
            error={errors.size}
            inputMode="decimal"
            autoComplete="off"
            size="md"
            rightSection={<span className={classes.unit}>sqft</span>}
            rightSectionWidth={52}
            data-testid="size-input"
          />
        </SimpleGrid>
      </Paper>

      <Text role="status" aria-live="polite" fw={500} data-testid="calculator-status">
        {summary(shown)}
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
            {
              key: 'meals',
              label: 'Meals provided',
              value: displayAmount(charity.meals),
              note: <MealsBasis share="0.5" />,
            },
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
            {
              key: 'meals',
              label: 'Meals provided',
              value: displayAmount(combined.meals),
              note: <MealsBasis share="0.9 × 0.5" />,
            },
            { key: 'co2e', label: 'CO2e emissions avoided', value: `${displayAmount(combined.co2e_kg)} kg` },
          ]}
        />
      </SimpleGrid>
    </Stack>
  );
}
