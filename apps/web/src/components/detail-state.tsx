import { Alert, Button, Center, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** A detail panel's loading, error and not-found states; `children` renders the record once it is there. */
export function DetailState<T>({
  query,
  what,
  id,
  invalid = false,
  children,
}: {
  query: UseQueryResult<T | null>;
  /** The id in the address cannot name a record (so nothing was asked): shown as not found. */
  invalid?: boolean;
  /** 'receiver', 'bulk scan', ... */
  what: string;
  id: string;
  children: (record: T) => ReactNode;
}) {
  const missing = (
    <Alert color="gray" variant="light" title={`No ${what} ${id}`}>
      It does not exist or you may not see it.
    </Alert>
  );
  if (invalid) return missing;
  if (query.isPending)
    return (
      <Center py="xl" aria-busy="true">
        <Loader role="status" aria-label={`Loading the ${what}`} />
      </Center>
    );
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title={`The ${what} could not be loaded`}>
        <Button size="xs" variant="default" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (!query.data) return missing;
  return <>{children(query.data)}</>;
}
