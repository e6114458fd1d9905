import { Box, Center, Stack, Text } from '@mantine/core';
import { messages } from '@openrescue/shared';
import classes from './loading-screen.module.css';
import { useHoldsShell } from '../lib/shell-handoff';
import { LogoMark } from './logo';

/** The 4px loader bar at the top of the page (spec section 9 "Loader default 4px"). */
export function LoadingBar({ label = 'Loading' }: { label?: string }) {
  return <Box className={classes.bar} role="progressbar" aria-label={label} data-testid="loading-bar" />;
}

/** The splash's words (spec section 9), announced as the page's status. */
function SplashText({ text }: { text: string }) {
  return (
    <Text role="status" c="dimmed" size="lg">
      {text}
    </Text>
  );
}

/**
 * The welcome splash inside an app frame that is already on screen (its logo and product name in the header), shown
 * until the screen's own data is loaded.
 */
export function LoadingPanel({ text = messages.splash }: { text?: string }) {
  // The client dashboard's first view, sent by the server with the frame and the header, stays until the header
  // can show the name (app/client/client-dashboard-shell.tsx).
  useHoldsShell();
  return (
    <>
      <LoadingBar />
      <Center mih="50dvh">
        <SplashText text={text} />
      </Center>
    </>
  );
}

/** Welcome splash shown until an app's data is loaded. */
export function LoadingScreen({ text = messages.splash }: { text?: string }) {
  useHoldsShell();
  return (
    <>
      <LoadingBar />
      <Center component="main" mih="100dvh" p="md">
        <Stack align="center" gap="sm">
          <LogoMark size={48} />
          <SplashText text={text} />
        </Stack>
      </Center>
    </>
  );
}
