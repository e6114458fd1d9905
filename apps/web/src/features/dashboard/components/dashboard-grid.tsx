import type { ComponentPropsWithoutRef, ElementType } from 'react';
import classes from './dashboard-grid.module.css';

export type DashboardGridLayout = 'filters' | 'filtersLocked' | 'cards' | 'cardsWithMoney' | 'graphs';

type DashboardGridProps<C extends ElementType> = {
  component?: C;
  layout: DashboardGridLayout;
} & ComponentPropsWithoutRef<C>;

/**
 * One column on a narrow screen, more as the width it gets allows (dashboard-grid.module.css): the filters, the impact
 * cards and the two graphs.
 */
export function DashboardGrid<C extends ElementType = 'div'>({
  component,
  layout,
  className,
  ...others
}: DashboardGridProps<C>) {
  const Component: ElementType = component ?? 'div';
  return (
    <div className={classes.container}>
      <Component className={[classes.grid, classes[layout], className].filter(Boolean).join(' ')} {...others} />
    </div>
  );
}
