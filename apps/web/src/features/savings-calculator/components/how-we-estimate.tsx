import { List, Paper, Text } from '@mantine/core';
import classes from './savings-calculator.module.css';

/** The formulas behind the estimates (spec section 9), folded away by default; a native details element. */
export function HowWeEstimate() {
  return (
    <Paper withBorder radius="md" p="md" component="details" data-testid="how-we-estimate">
      <Text component="summary" fw={600} className={classes.summary}>
        How these estimates are worked out
      </Text>
      <div className={classes.detailsBody}>
        <Text size="sm">Area = number of stores × store size (sqft) × 2.89. Money assumes $175 per tonne of food.</Text>
        <List size="sm" spacing={4}>
          <List.Item>
            Farmer program: food = area × 0.4 kg; CO2e = food × 0.46; money = area ÷ 1,000 × 0.4 × $175.
          </List.Item>
          <List.Item>
            Charity program: food = area × 0.5 kg; meals = area × 0.5 × 0.544; CO2e = area × 0.5 × 3.36; money = area ÷
            1,000 × 0.5 × $175.
          </List.Item>
          <List.Item>
            Combined (0.9 of the area): money = area ÷ 1,000 × 0.9 × $175; meals = area × 0.9 × 0.5 × 0.544; CO2e = area
            × 0.9 × (0.5 × 3.36 + 0.4 × 0.46).
          </List.Item>
        </List>
        <Text size="sm" c="dimmed">
          Pounds are kilograms × 2.20462, rounded up. Figures are estimates for planning, not a record of donations.
        </Text>
      </div>
    </Paper>
  );
}
