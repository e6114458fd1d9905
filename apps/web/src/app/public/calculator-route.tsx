/** /public/salescalculator: the savings calculator (spec 2.14). */
export function SalesCalculatorRoute() {
  return <h1>Savings calculator</h1>;
}
