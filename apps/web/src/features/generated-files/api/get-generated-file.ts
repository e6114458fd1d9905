import { generatedFileFindResultSchema, appsheetActionPath, type GeneratedFileRow } from '@openrescue/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { apiUrl } from '../../../config/env';

/** Find with Rows: one generated file by id, whatever the filters (a details link opened from elsewhere). */
export async function getGeneratedFile(id: number, signal?: AbortSignal): Promise<GeneratedFileRow | null> {
  const body = {
    Action: 'Find',
    Properties: { Locale: 'en-US', Timezone: 'Pacific Standard Time', Selector: 'GeneratedFile' },
    Rows: [{ id }],
  };
  const parsed = generatedFileFindResultSchema.safeParse(
    await api.post<unknown>(apiUrl(appsheetActionPath('GeneratedFile')), body, { signal }),
  );
  if (!parsed.success) throw new Error('The file arrived in a shape this screen does not understand.');
  return parsed.data.data.find((row) => row.id === id) ?? null;
}

/** The row for the details drawer: the listed one when there is one, else asked for by id. */
export function useGeneratedFile(id: number | null, listed: GeneratedFileRow | undefined) {
  return useQuery({
    queryKey: ['generated-files', 'file', id],
    queryFn: ({ signal }) => getGeneratedFile(id!, signal),
    enabled: id !== null && !listed,
    staleTime: 0,
    meta: { errorDialog: false },
  });
}
