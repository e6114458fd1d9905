import { describe, expect, it } from 'vitest';
import { inOwnTask } from './own-task';

describe('inOwnTask', () => {
  it('starts the work in a later task, not in the caller’s, and answers with its result', async () => {
    const order: string[] = [];
    const result = inOwnTask(async () => {
      order.push('started');
      return 42;
    });
    order.push('caller went on');
    await Promise.resolve();
    order.push('after the caller’s microtasks');
    expect(await result).toBe(42);
    expect(order).toEqual(['caller went on', 'after the caller’s microtasks', 'started']);
  });
});
