import { Button, Group, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { FilterDrop } from '../../components/filter-drop';
import { paths } from '../../config/paths';
import { useInfiniteList } from '../../features/ops-lists/api/list-page';
import { ListDetailScreen } from '../../features/ops-lists/components/list-detail-screen';
import { ListSort } from '../../features/ops-lists/components/list-sort';
import { ListView } from '../../features/ops-lists/components/list-view';
import { useListUrl } from '../../features/ops-lists/hooks/use-list-url';
import { readSort, sortQuery, TRANSCRIPT_SORT } from '../../features/ops-lists/lib/sort-options';
import { TRANSCRIPTS_URL, type TranscriptRow } from '../../features/transcripts/api/get-transcripts';
import { HiddenCallsNote } from '../../features/transcripts/components/hidden-calls-note';
import { IntegrationKeys } from '../../features/transcripts/components/integration-keys';
import { TranscriptFilters } from '../../features/transcripts/components/transcript-filters';
import { TranscriptPanel } from '../../features/transcripts/components/transcript-panel';
import { TranscriptRowContent } from '../../features/transcripts/components/transcript-row';
import { activeFilterCount, apiFilters, readFilters } from '../../features/transcripts/lib/transcript-filters';
import { formatDate } from '../../features/transcripts/lib/format';
import { SectionHeader } from './section-header';

/** /ops/product/transcripts/:id? (spec 2.12): recorded calls, their filters, and the call's panel at `/{id}`. */
const renderTranscript = (r: TranscriptRow) => <TranscriptRowContent row={r} />;

export function TranscriptsRoute() {
  const { params, setFilter, rowHref } = useListUrl(paths.ops.transcripts);
  const filters = readFilters(params);
  const sort = readSort(params, TRANSCRIPT_SORT);
  const query = useInfiniteList<TranscriptRow>('transcripts', TRANSCRIPTS_URL, {
    ...apiFilters(filters),
    ...sortQuery(sort, TRANSCRIPT_SORT),
  });
  const [keysOpen, keys] = useDisclosure(false);

  return (
    <>
      <Modal opened={keysOpen} onClose={keys.close} title="Integration keys" size="lg">
        <IntegrationKeys />
      </Modal>
      <ListDetailScreen
        basePath={paths.ops.transcripts}
        header={
          <SectionHeader
            id="transcripts"
            actions={
              <Button variant="default" onClick={keys.open}>
                Integration keys
              </Button>
            }
          />
        }
        detailTitle="Call transcript"
        renderDetail={(id) => <TranscriptPanel id={id} />}
        list={
          <ListView
            label="Transcripts"
            query={query}
            rowKey={(r) => r.id}
            rowHref={(r) => rowHref(r.id)}
            rowLabel={(r) =>
              `Call ${r.id}, ${formatDate(r.created_at)}, ${r.tw_caller_name ?? r.tw_from_number ?? 'unknown caller'}`
            }
            renderRow={renderTranscript}
            emptyText="No calls match these filters."
            toolbar={
              <Group gap="sm">
                <HiddenCallsNote filters={filters} onShow={(s) => setFilter('sentiment', s === 'neutral' ? null : s)} />
                <ListSort options={TRANSCRIPT_SORT} value={sort} onChange={(v) => setFilter('ordering', v)} />
                <FilterDrop active={activeFilterCount(filters)}>
                  <TranscriptFilters value={filters} onChange={setFilter} />
                </FilterDrop>
              </Group>
            }
          />
        }
      />
    </>
  );
}
