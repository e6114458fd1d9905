import { Alert, Button, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { GeneratedFilesList as ListData } from '../api/find-generated-files';
import type { Names } from '../../../lib/lookups';
import { useMediaMatch } from '../../../lib/use-media-match';
import { GeneratedFilesCards } from './generated-files-cards';
import { GeneratedFilesTable } from './generated-files-table';

/** Below this width the files are cards (the table would need sideways scrolling). */
const NARROW = '(max-width: 40em)';

export interface GeneratedFilesListProps {
  query: UseQueryResult<ListData>;
  names: Names;
  onOpen: (id: number) => void;
}

/** The list's states (spec 4: loading, then listed; DESIGN 5: empty and error with a retry). */
export function GeneratedFilesList({ query, names, onOpen }: GeneratedFilesListProps) {
  const narrow = useMediaMatch(NARROW);
  if (query.isPending) {
    return (
      <Center py="xl" aria-busy="true">
        <Loader role="status" aria-label="Loading generated files" />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title="Generated files could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{query.error instanceof Error ? query.error.message : 'Something went wrong'}</Text>
          <Button size="xs" variant="default" onClick={() => void query.refetch()} loading={query.isFetching}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (query.data.rows.length === 0) {
    return (
      <Paper withBorder p="lg" radius="md">
        <Text c="dimmed" data-testid="generated-files-empty">
          No generated files match these filters.
        </Text>
      </Paper>
    );
  }
  return (
    <Stack gap="xs">
      {!query.data.complete && (
        <Alert color="yellow" variant="light" title="Not every file is listed">
          More files match than this screen lists at once; narrow the filters to see the rest.
        </Alert>
      )}
      {narrow ? (
        <GeneratedFilesCards rows={query.data.rows} names={names} onOpen={onOpen} />
      ) : (
        <GeneratedFilesTable rows={query.data.rows} names={names} onOpen={onOpen} />
      )}
    </Stack>
  );
}
