import { useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';

/**
 * A row's height from its ResizeObserver entry, which the browser reports after its own layout. Without an entry
 * (React attaching the row) the known size stands: reading `offsetHeight` there would force a layout of the page in
 * the middle of React's commit, once per list shown.
 */
export function measureRow(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<Window, Element>,
): number {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  return instance.measurementsCache[instance.indexFromElement(element)]?.size ?? instance.options.estimateSize(0);
}

/**
 * Page-scrolled virtual rows: only the rows near the viewport are rendered; `before` and `after` are the heights
 * of the rows left out above and below (rendered as spacers so the page keeps its full height).
 */
export function useWindowRows<E extends HTMLElement>(
  count: number,
  rowHeight: number,
  key: (index: number) => string | number,
) {
  const ref = useRef<E | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const node = ref.current;
      if (node) setScrollMargin(node.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [count]);

  // The window's size from the start: without it the first render has no rows in view, and the rows arrive in a
  // second, synchronous render from the virtualizer's layout effect (one long task as a list first shows).
  const [initialRect] = useState(() =>
    typeof window === 'undefined' ? undefined : { width: window.innerWidth, height: window.innerHeight },
  );
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => rowHeight,
    overscan: 10,
    scrollMargin,
    getItemKey: key,
    initialRect,
    measureElement: measureRow,
  });
  const items = virtualizer.getVirtualItems();
  const before = items.length > 0 ? items[0].start - scrollMargin : 0;
  const after = items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1].end - scrollMargin) : 0;
  return { ref, items, before, after, measureElement: virtualizer.measureElement };
}
