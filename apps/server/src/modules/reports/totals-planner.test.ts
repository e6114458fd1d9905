import { describe, expect, it } from 'vitest';
import { intervalOf, localMidnightMicros, microsToIso, parseBound } from './time-bounds.js';
import { planSegments, type PlanInput } from './totals.planner.js';

const plan = (q: Parameters<typeof intervalOf>[0], rest: Partial<PlanInput> = {}) =>
  planSegments({
    interval: intervalOf(q),
    period: 'none',
    annotate: [],
    hasStoreFilter: false,
    hasReceiverFilter: false,
    ...rest,
  }).map((s) => `${s.source}:${s.grain}:${show(s.from)}..${show(s.to)}`);

function show(b: unknown): string {
  if (b === null) return '*';
  if (typeof b === 'string') return b;
  const bound = b as { kind: string; date?: string; micros?: number };
  return bound.kind === 'day' ? bound.date! : microsToIso(bound.micros!);
}

describe('time bounds (America/Vancouver)', () => {
  it('finds local midnights across daylight-saving changes', () => {
    expect(microsToIso(localMidnightMicros('2024-01-15'))).toBe('2024-01-15T08:00:00.000000Z');
    expect(microsToIso(localMidnightMicros('2024-07-01'))).toBe('2024-07-01T07:00:00.000000Z');
    expect(microsToIso(localMidnightMicros('2024-03-10'))).toBe('2024-03-10T08:00:00.000000Z');
    expect(microsToIso(localMidnightMicros('2024-03-11'))).toBe('2024-03-11T07:00:00.000000Z');
    expect(microsToIso(localMidnightMicros('2024-11-03'))).toBe('2024-11-03T07:00:00.000000Z');
    expect(microsToIso(localMidnightMicros('2024-11-04'))).toBe('2024-11-04T08:00:00.000000Z');
  });

  it('reads days, instants with offsets and microseconds; __gt and __lte move past the bound', () => {
    expect(parseBound('x', '2024-05-01', false)).toEqual({ kind: 'day', date: '2024-05-01' });
    expect(parseBound('x', '2024-05-31', true)).toEqual({ kind: 'day', date: '2024-06-01' });
    expect(parseBound('x', '2024-05-01T07:00:00Z', false)).toEqual({ kind: 'day', date: '2024-05-01' });
    expect(parseBound('x', '2024-05-01T00:00:00-0700', false)).toEqual({ kind: 'day', date: '2024-05-01' });
    const b = parseBound('x', '2024-05-01T10:00:00.000001+02:00', true);
    expect(b.kind === 'instant' && microsToIso(b.micros)).toBe('2024-05-01T08:00:00.000002Z');
    expect(() => parseBound('entry_time__gte', '2024-02-30', false)).toThrow();
    expect(() => parseBound('entry_time__gte', '2024-02-01T25:00Z', false)).toThrow();
  });

  it('keeps the later of __gt and __gte and sees an empty interval', () => {
    expect(intervalOf({ entry_time__gte: '2024-01-01', entry_time__gt: '2024-01-05' }).lo).toEqual({
      kind: 'day',
      date: '2024-01-06',
    });
    expect(intervalOf({ entry_time__gte: '2024-01-02', entry_time__lte: '2024-01-01' }).empty).toBe(true);
    expect(intervalOf({ entry_time__gte: '2024-01-01', entry_time__lte: '2024-01-01' }).empty).toBe(false);
  });
});

describe('planning sources', () => {
  it('answers whole months from the company monthly rollup and the edges from the daily one', () => {
    expect(plan({ entry_time__gte: '2024-01-01', entry_time__lte: '2024-12-31' })).toEqual([
      'donation_monthly_company:month:2024-01-01..2025-01-01',
    ]);
    expect(plan({ entry_time__gte: '2024-01-15', entry_time__lte: '2024-03-10' })).toEqual([
      'donation_daily:day:2024-01-15..2024-02-01',
      'donation_monthly_company:month:2024-02-01..2024-03-01',
      'donation_daily:day:2024-03-01..2024-03-11',
    ]);
    expect(plan({})).toEqual(['donation_monthly_company:month:*..*']);
  });

  it('answers weeks from the weekly rollup (Monday weeks) and never mixes months into weeks or days', () => {
    expect(plan({ entry_time__gte: '2024-01-01', entry_time__lte: '2024-12-31' }, { period: 'week' })).toEqual([
      'donation_weekly:week:2024-01-01..2024-12-30',
      'donation_daily:day:2024-12-30..2025-01-01',
    ]);
    expect(plan({ entry_time__gte: '2024-01-03', entry_time__lte: '2024-01-06' }, { period: 'week' })).toEqual([
      'donation_daily:day:2024-01-03..2024-01-07',
    ]);
    expect(plan({ entry_time__gte: '2024-01-03', entry_time__lte: '2024-12-31' }, { period: 'day' })).toEqual([
      'donation_daily:day:2024-01-03..2025-01-01',
    ]);
    expect(plan({ entry_time__gte: '2024-01-03' }, { period: 'week', hasStoreFilter: true })).toEqual([
      'donation:day:2024-01-03..*',
    ]);
  });

  it('needs the detailed sources for a store, a receiver filter or a receiver annotation', () => {
    expect(plan({ entry_time__gte: '2024-01-15', entry_time__lte: '2024-03-31' }, { hasStoreFilter: true })).toEqual([
      'donation:day:2024-01-15..2024-02-01',
      'donation_monthly:month:2024-02-01..2024-04-01',
    ]);
    expect(plan({ entry_time__gte: '2024-01-01' }, { annotate: ['receiver_id'], period: 'month' })).toEqual([
      'donation_monthly:month:2024-01-01..*',
    ]);
    expect(plan({ entry_time__gte: '2024-01-01' }, { hasReceiverFilter: true, period: 'day' })).toEqual([
      'donation:day:2024-01-01..*',
    ]);
  });

  it('reads raw rows only for instants that are not local midnights', () => {
    expect(plan({ entry_time__gte: '2024-01-10T12:00:00Z', entry_time__lte: '2024-03-01T12:00:00Z' })).toEqual([
      'donation:instant:2024-01-10T12:00:00.000000Z..2024-01-11',
      'donation_daily:day:2024-01-11..2024-02-01',
      'donation_monthly_company:month:2024-02-01..2024-03-01',
      'donation:instant:2024-03-01..2024-03-01T12:00:00.000001Z',
    ]);
    expect(plan({ entry_time__gte: '2024-01-10T12:00:00Z', entry_time__lte: '2024-01-10T20:00:00Z' })).toEqual([
      'donation:instant:2024-01-10T12:00:00.000000Z..2024-01-10T20:00:00.000001Z',
    ]);
  });
});
