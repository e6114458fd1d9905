import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { ReactNode } from 'react';
import classes from './poster-screen.module.css';
import { POSTER_HEIGHT, POSTER_WIDTH } from './poster-view';

/** Shows the fixed-size poster scaled down to the available width (never up), e.g. 360 px phones. */
export function ScaledPoster({ children }: { children: ReactNode }) {
  const { ref, width } = useElementSize();
  const scale = width > 0 ? Math.min(1, width / POSTER_WIDTH) : 1;
  return (
    <Box ref={ref} w="100%" maw={POSTER_WIDTH} mx="auto">
      <Box
        h={POSTER_HEIGHT * scale}
        style={{ overflow: 'hidden', boxShadow: 'var(--mantine-shadow-md)', borderRadius: 4 }}
        className={classes.frame}
        data-testid="poster-frame"
        data-scale={scale.toFixed(3)}
      >
        <div
          className={classes.scaled}
          style={{ width: POSTER_WIDTH, transform: `scale(${scale})`, transformOrigin: 'top left' }}
        >
          {children}
        </div>
      </Box>
    </Box>
  );
}
