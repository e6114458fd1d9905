import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ImpactCards } from './impact-cards';

const totals = { meals: 1838.24, kg: 1234.5, co2e: 4147.9, money: 216.04 };
const render = (showMoney: boolean) =>
  renderToStaticMarkup(
    <MantineProvider>
      <ImpactCards totals={totals} showMoney={showMoney} loading={false} />
    </MantineProvider>,
  );

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
