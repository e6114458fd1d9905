import { Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight } from '@tabler/icons-react';
import { changeOf } from '../lib/compare';

/** One comparison line of a figure (decision 0072): the dashboard's cards and the network impact panel use it. */
export interface CardChange {
  /** 'vs previous period' */
  label: string;
  current: number;
  other: number;
  /** The other period's figure as the card writes it. */
  otherText: string;
  /** The other period's dates. */
  range: string;
  /** When the figure shown is not the compared period's (the network impact panel): that period's figure and dates. */
  currentText?: string;
  currentRange?: string;
}

const ARROWS = { up: IconArrowUpRight, down: IconArrowDownRight, same: IconArrowRight, new: IconArrowUpRight };
const COLORS = { up: 'teal.9', down: 'red.9', same: 'dimmed', new: 'teal.9' };

/**
 * One change line: arrow, percentage and against what; the other period's figure and dates show on hover, focus or
 * touch, and are part of what a screen reader reads (the line is focusable and says it in full).
 */
export function ChangeLine({ change }: { change: CardChange }) {
  const c = changeOf(change.current, change.other);
  const Arrow = ARROWS[c.direction];
  const otherPeriod = `${change.range}: ${change.otherText}`;
  const currentPeriod = change.currentText === undefined ? undefined : `${change.currentRange}: ${change.currentText}`;
  const other = currentPeriod ? `${currentPeriod}; ${otherPeriod}` : otherPeriod;
  // both periods (the panel): one a line, so that the tooltip stays narrow on a phone
  const label = currentPeriod ? (
    <>
      {currentPeriod}
      <br />
      {otherPeriod}
    </>
  ) : (
    other
  );
  return (
    <Tooltip label={label} events={{ hover: true, focus: true, touch: true }} withArrow>
      <Text
        component="span"
        size="xs"
        c={COLORS[c.direction]}
        tabIndex={0}
        data-testid="impact-change"
        data-direction={c.direction}
        data-other={change.otherText}
        data-current={change.currentText}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 2, width: 'fit-content', cursor: 'help' }}
      >
        <Arrow size={14} aria-hidden="true" />
        <span aria-hidden="true">
          {c.text}{' '}
          <Text component="span" size="xs" c="dimmed">
            {change.label}
          </Text>
        </span>
        <VisuallyHidden>{`${c.spoken} ${change.label} (${other})`}</VisuallyHidden>
      </Text>
    </Tooltip>
  );
}
