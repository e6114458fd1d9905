import { VisuallyHidden } from '@mantine/core';
import { formatNumber, type Granularity } from '@openrescue/shared';
import { seriesKey, type Category, type TimePoint } from '../lib/chart-data';
import { periodCaption } from '../lib/periods';

export interface TimeSeriesTableProps {
  caption: string;
  granularity: Granularity;
  categories: readonly Category[];
  points: readonly TimePoint[];
}

/** The line chart's values for screen readers: one row per period, one column per category (kg). */
export function TimeSeriesTable({ caption, granularity, categories, points }: TimeSeriesTableProps) {
  return (
    <VisuallyHidden>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{periodCaption(granularity)}</th>
            {categories.map((c) => (
              <th scope="col" key={c.id}>
                {c.name} (kg)
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.period}>
              <th scope="row">{p.label}</th>
              {categories.map((c) => (
                <td key={c.id}>{formatNumber(Number(p[seriesKey(c.id)]))}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}
