import { describe, expect, it } from 'vitest';
import { applyLiveEvent } from './live-collection';

// added and modified follow one rule (the type only says which happened): replace by key, else append.

type Doc = { id: string; processed: number };
const key = (d: Doc) => d.id;

describe('applyLiveEvent (spec 4 "Live jobs")', () => {
  const a = { id: 'publish_all', processed: 1 };
  const b = { id: 'publish_company_4', processed: 0 };

  it('appends an added document', () => {
    expect(applyLiveEvent([a], b, key)).toEqual([a, b]);
  });

  it('replaces a modified document in place, keeping the order', () => {
    const moved = { ...a, processed: 7 };
    expect(applyLiveEvent([a, b], moved, key)).toEqual([moved, b]);
  });

  it('never duplicates: a replayed added replaces; a modified unknown one is appended', () => {
    expect(applyLiveEvent([a, b], { ...b, processed: 3 }, key)).toEqual([a, { ...b, processed: 3 }]);
    expect(applyLiveEvent([a], b, key)).toEqual([a, b]);
  });

  it('does not change the list it was given', () => {
    const list = [a];
    applyLiveEvent(list, b, key);
    expect(list).toEqual([a]);
  });
});
