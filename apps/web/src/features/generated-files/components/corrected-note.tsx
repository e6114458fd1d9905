import { Text } from '@mantine/core';
import { formatDate, type GeneratedFileRow } from '@openrescue/shared';

/** A published file whose month was corrected after its last publish (decision 0061): says when. */
export function CorrectedNote({ row }: { row: Pick<GeneratedFileRow, 'corrected_after_publish_at'> }) {
  if (!row.corrected_after_publish_at) return null;
  return (
    <Text size="xs" c="caution.7" fw={600} data-testid="corrected-after-publishing">
      Corrected after publishing on {formatDate(row.corrected_after_publish_at)}
    </Text>
  );
}
