import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';

/**
 * Page-scrolled virtual rows: only the rows near the viewport are rendered; `before` and `after` are the heights
 * of the rows left out above and below (rendered as spacers so the page keeps its full height).
 */
export function useWindowRows<E extends HTMLElement>(count: number, rowHeight: number, key: (index: number) => string | number) {
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

  const virtualizer = useWindowVirtualizer({ count, estimateSize: () => rowHeight, overscan: 10, scrollMargin, getItemKey: key });
  const items = virtualizer.getVirtualItems();
  const before = items.length > 0 ? items[0].start - scrollMargin : 0;
  const after = items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1].end - scrollMargin) : 0;
  return { ref, items, before, after, measureElement: virtualizer.measureElement };
}
