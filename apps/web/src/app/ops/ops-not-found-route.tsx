import { NotFoundPanel } from '../../components/not-found-panel';
import { paths } from '../../config/paths';

/** An unknown address inside the console keeps the shell around it. */
export function OpsNotFoundRoute() {
  return <NotFoundPanel homePath={paths.ops.root} homeLabel="Back to the console" />;
}
