import { Virtualizer } from '@tanstack/react-virtual';
import { describe, expect, it } from 'vitest';
import { measureRow } from './use-window-rows';

function virtualizer() {
  const instance = new Virtualizer<Window, Element>({
    count: 3,
    estimateSize: () => 76,
    getScrollElement: () => null,
    observeElementRect: () => undefined,
    observeElementOffset: () => undefined,
    scrollToFn: () => undefined,
    measureElement: measureRow,
  });
  instance.getTotalSize(); // lays the rows out from their estimates, as a render does
  return instance;
}

/** A row element whose layout must not be read: doing so would force a layout in the middle of React's commit. */
const row = (index: number) =>
  ({
    getAttribute: (name: string) => (name === 'data-index' ? String(index) : null),
    get offsetHeight(): number {
      throw new Error('layout read');
    },
  }) as unknown as Element;

const entry = (blockSize: number) =>
  ({ borderBoxSize: [{ blockSize, inlineSize: 400 }] }) as unknown as ResizeObserverEntry;

describe('measureRow (virtual list rows measured without forcing a layout)', () => {
  it('keeps the estimate for a row the browser has not measured yet, without reading its layout', () => {
    expect(measureRow(row(1), undefined, virtualizer())).toBe(76);
  });

  it("takes the browser's measurement, rounded, from the ResizeObserver entry", () => {
    expect(measureRow(row(1), entry(146.7), virtualizer())).toBe(147);
  });

  it('keeps a measured size when React attaches the row again', () => {
    const instance = virtualizer();
    instance.resizeItem(2, 147);
    instance.getTotalSize(); // as the render after the measurement does
    expect(measureRow(row(2), undefined, instance)).toBe(147);
    expect(measureRow(row(0), undefined, instance)).toBe(76);
  });
});
