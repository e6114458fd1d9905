import { describe, expect, it } from 'vitest';
import { changeOf } from './compare';

describe('changeOf', () => {
  it('gives the rounded percentage up or down', () => {
    expect(changeOf(112, 100)).toEqual({ direction: 'up', text: '12%', spoken: 'up 12%' });
    expect(changeOf(50, 200)).toEqual({ direction: 'down', text: '75%', spoken: 'down 75%' });
    expect(changeOf(100.2, 100).direction).toBe('same');
  });

  it('says so when the other period had nothing, never Infinity or NaN', () => {
    expect(changeOf(5, 0)).toMatchObject({ direction: 'new', text: 'none before' });
    expect(changeOf(0, 0)).toMatchObject({ direction: 'same', text: 'no change' });
    expect(JSON.stringify([changeOf(5, 0), changeOf(0, 0)])).not.toMatch(/Infinity|NaN/);
  });
});
