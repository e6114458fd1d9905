import { describe, expect, it } from 'vitest';
import { orderingParam, orderingText } from './ordering.js';

describe('orderingParam', () => {
  const schema = orderingParam(['name', 'city', 'id', 'weight_kg'] as const);

  it('reads comma-joined keys, "-" for descending', () => {
    expect(schema.parse('name')).toEqual([{ key: 'name', desc: false }]);
    expect(schema.parse('-weight_kg,name')).toEqual([
      { key: 'weight_kg', desc: true },
      { key: 'name', desc: false },
    ]);
    expect(orderingText(schema.parse('-city,id'))).toBe('-city,id');
  });

  it('refuses unknown keys, a key named twice, more than three keys and stray characters', () => {
    for (const bad of [
      'nope',
      'name,nope',
      'name,-name',
      '',
      '-',
      '+name',
      'name,',
      'name city',
      'name,city,id,weight_kg',
      'NAME',
    ]) {
      expect(schema.safeParse(bad).success, bad).toBe(false);
    }
    const issue = schema.safeParse('nope').error?.issues[0]?.message ?? '';
    expect(issue).toContain('name, city, id, weight_kg');
  });
});
