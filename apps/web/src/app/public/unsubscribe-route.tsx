import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useUnsubscribeFromMail } from '../../features/mailable/api/unsubscribe';
import { usePageTitle } from '../../lib/use-page-title';

const TOKEN = /^\d{1,9}\.[\w-]{22}$/;

/**
 * /public/unsubscribe?t=: where the report mail's "Stop these mails" link leads (and its List-Unsubscribe address,
 * opened in a browser). Nothing changes until the person confirms: link checkers open pages too.
 */
export function UnsubscribeRoute() {
  usePageTitle('Stop the report mails');
  const t = useSearchParams()[0].get('t') ?? '';
  const unsubscribe = useUnsubscribeFromMail();
  const usable = TOKEN.test(t);

  return (
    <Paper withBorder radius="md" p="xl" maw={560} mx="auto" mt="xl" data-testid="unsubscribe">
      <Stack align="center" ta="center" gap="sm">
        <Title order={1} size="h2">
          Stop the report mails
        </Title>
        {unsubscribe.isSuccess ? (
          <Text role="status">
            Done: {unsubscribe.data.email} gets no more food rescue report mails. To get them again, ask the person who
            sent them.
          </Text>
        ) : !usable || unsubscribe.isError ? (
          <Text role="alert">This unsubscribe link does not work. Ask the person who sent you the mail.</Text>
        ) : (
          <>
            <Text>You will get no more monthly food rescue report mails at this address.</Text>
            <Button color="red.9" onClick={() => unsubscribe.mutate(t)} loading={unsubscribe.isPending}>
              Unsubscribe
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}
