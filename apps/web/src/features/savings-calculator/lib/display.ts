/**
 * How the calculator shows its figures (DESIGN.md section 5 "Numbers"): thousands separators, millions as 'M' with
 * one decimal. Money below a million keeps its cents; kilograms, pounds and meals are whole numbers on screen (the
 * shared function keeps every value to the cent).
 */
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

const millions = (value: number) => `${oneDecimal.format(value / 1_000_000)}M`;

export function displayAmount(value: number): string {
  return value >= 1_000_000 ? millions(value) : whole.format(value);
}

export function displayDollars(value: number): string {
  return `$${value >= 1_000_000 ? millions(value) : cents.format(value)}`;
}
