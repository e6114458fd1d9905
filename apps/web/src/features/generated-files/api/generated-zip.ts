import { publishingPaths } from '@openrescue/shared';
import { withQuery } from '../../../lib/api-client';
import type { GeneratedFilesFilters } from '../lib/filters';
import { buildGeneratedFilesSelector } from '../lib/selector';
import { apiUrl } from '../../../config/env';

/**
 * GET {ops}/files/generated.zip?selector=...: every stored file the filters match, as one zip. A plain link: the
 * browser streams it to disk with the session cookie, nothing is held in memory here.
 */
export function generatedZipHref(filters: GeneratedFilesFilters): string {
  return withQuery(apiUrl(publishingPaths.generatedZip), { selector: buildGeneratedFilesSelector(filters) });
}
