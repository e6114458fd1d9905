import { Box } from '@mantine/core';
import { NotFoundPanel } from '../components/not-found-panel';
import { paths } from '../config/paths';

/** An unknown address outside /public and /ops. */
export function NotFoundRoute() {
  return (
    <Box component="main" p={{ base: 'md', sm: 'xl' }} pt={{ base: 'xl', sm: 80 }}>
      <NotFoundPanel homePath={paths.home} />
    </Box>
  );
}
