import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { messages } from '@openrescue/shared';
import { useRouteError } from 'react-router';
import { useRevealWhenReady } from '../lib/shell-handoff';

/** Last resort when a screen fails to render or its code cannot be loaded (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  useRevealWhenReady();
  console.error(error);
  // Offline, a screen whose code has not been fetched yet cannot be shown: say why (spec section 8's offline text).
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack align="center" ta="center" gap="sm" maw={480}>
        <Title order={1} size="h2">
          {messages.errorTitle}
        </Title>
        <Text c="dimmed">
          {offline
            ? `${messages.offline} This screen shows once you are back online and reload.`
            : 'This screen could not be shown. Reloading the page usually fixes it.'}
        </Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
