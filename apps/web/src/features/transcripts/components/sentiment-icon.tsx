import { ThemeIcon, Tooltip } from '@mantine/core';
import { IconMoodEmpty, IconMoodSad, IconMoodSmile } from '@tabler/icons-react';
import { labelOfScore, SENTIMENT_COLORS, SENTIMENT_LABELS } from '../lib/format';

const ICONS = { POSITIVE: IconMoodSmile, NEUTRAL: IconMoodEmpty, NEGATIVE: IconMoodSad } as const;

/** The call's sentiment score as a face: smile (positive), straight (neutral), sad (negative). */
export function SentimentIcon({ score, size = 28 }: { score: number | null; size?: number }) {
  const label = labelOfScore(score);
  if (!label)
    return (
      <ThemeIcon variant="light" color="gray" size={size} radius="xl" aria-label="No sentiment">
        <IconMoodEmpty size={size * 0.7} aria-hidden="true" />
      </ThemeIcon>
    );
  const Icon = ICONS[label];
  return (
    <Tooltip label={`Sentiment: ${SENTIMENT_LABELS[label]}`} withinPortal>
      <ThemeIcon
        variant="light"
        color={SENTIMENT_COLORS[label]}
        size={size}
        radius="xl"
        role="img"
        aria-label={`Sentiment: ${SENTIMENT_LABELS[label]}`}
        data-sentiment={label}
      >
        <Icon size={size * 0.7} aria-hidden="true" />
      </ThemeIcon>
    </Tooltip>
  );
}
