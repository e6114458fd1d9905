import { BaseProviders } from '../base-providers';
import { SalesCalculatorRoute } from './calculator-route';
import { PublicFrame } from './public-frame';

/**
 * calculator.html's whole tree: the browser entry mounts it (src/calculator-page.tsx) and the server pre-renders the
 * same tree into the page (src/ssr/prerender.tsx), so hydration matches.
 */
export function StandaloneCalculatorPage() {
  return (
    <BaseProviders>
      <PublicFrame>
        <SalesCalculatorRoute />
      </PublicFrame>
    </BaseProviders>
  );
}
