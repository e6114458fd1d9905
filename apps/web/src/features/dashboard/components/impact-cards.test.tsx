import { describe, expect, it } from 'vitest';
import { renderMarkup } from '../../../test-support/render-markup';
import { ImpactCards } from './impact-cards';

const totals = { meals: 1838.24, kg: 1234.5, co2e: 4147.9, money: 216.04 };
const render = (showMoney: boolean) =>
  renderMarkup(<ImpactCards totals={totals} showMoney={showMoney} loading={false} />);

describe('ImpactCards', () => {
  it('shows meals, kg then lb (rounded up) and CO2e with thousands separators', () => {
    const html = render(false);
    expect(html).toContain('1,838');
    expect(html).toContain('1,235 kg');
    expect(html).toContain('2,722 lb'); // 1234.5 x 2.20462 = 2721.6, rounded up
    expect(html).toContain('4,148 kg');
  });

  it('shows money saved only when allowed', () => {
    expect(render(false)).not.toContain('Money saved');
    expect(render(true)).toContain('Money saved');
    expect(render(true)).toContain('$216');
  });
});

describe('ImpactCards with a comparison (decision 0072)', () => {
  const period = (t: typeof totals, from: string, to: string) => ({ totals: t, from, to });
  const html = renderMarkup(
    <ImpactCards
      totals={totals}
      showMoney
      loading={false}
      comparison={{
        previous: period({ meals: 0, kg: 1000, co2e: 4147.9, money: 216.04 }, '2026-09-01', '2026-09-30'),
        yearAgo: period({ meals: 919.12, kg: 2469, co2e: 0, money: 0 }, '2025-10-01', '2025-10-31'),
      }}
    />,
  );

  it('shows both changes on every card, the other period in words for screen readers', () => {
    expect(html.match(/data-testid="impact-change"/g)).toHaveLength(8);
    expect(html).toContain('up 23% vs previous period (Sep 1, 2026 – Sep 30, 2026: 1,000 kg)');
    expect(html).toContain('down 50% vs a year earlier (Oct 1, 2025 – Oct 31, 2025: 2,469 kg)');
    expect(html).toContain('up 100% vs a year earlier');
  });

  it('says so when the other period had nothing: no Infinity, no NaN', () => {
    expect(html).toContain('none before');
    expect(html).not.toMatch(/Infinity|NaN/);
  });
});
