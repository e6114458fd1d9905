import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import type { LinkKind } from '../api/public-link';
import { PosterLinkField } from './poster-link-field';
import { PublicLinkField } from './public-link-field';

const WHAT: Record<LinkKind, string> = { store: "this store's", receiver: "this charity's" };

/**
 * The share links of a store (report link and poster link) or of a receiver (report link) in the client app, for
 * the people who own them (issue 37 section 3, decision 0069): the console's own fields, on the client's routes.
 */
export function ShareLinks({ kind, id }: { kind: LinkKind; id: string }) {
  // The fields confirm a rotation or revocation in a Mantine modal: the console's layout provides them, the client
  // app's frame does not.
  return (
    <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>
      <Paper
        withBorder
        radius="md"
        p={{ base: 'sm', sm: 'md' }}
        component="section"
        aria-labelledby="share-links-title"
      >
        <Stack gap="sm" data-testid="share-links">
          <div>
            <Title order={2} size="h4" id="share-links-title">
              Share links
            </Title>
            <Text size="sm" c="dimmed">
              Anyone with a link opens {WHAT[kind]} reports without signing in, and nothing else. Rotate a link to stop
              every copy of it.
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, md: kind === 'store' ? 2 : 1 }} spacing="md">
            <PublicLinkField kind={kind} id={id} canRotate side="client" />
            {kind === 'store' && <PosterLinkField storeId={id} side="client" />}
          </SimpleGrid>
        </Stack>
      </Paper>
    </ModalsProvider>
  );
}
