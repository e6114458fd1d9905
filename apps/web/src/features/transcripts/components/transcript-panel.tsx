import { DetailState } from '../../../components/detail-state';
import { isRecordId } from '../../../lib/list-record';
import { useTranscript } from '../api/get-transcript';
import { TranscriptDetailView } from './transcript-detail';

/** The detail panel's content for the id in the address: loading, error and not-found states, then the call. */
export function TranscriptPanel({ id }: { id: string }) {
  const valid = isRecordId(id);
  const query = useTranscript(valid ? id : undefined);
  return (
    <DetailState query={query} what="transcript" id={id} invalid={!valid}>
      {(t) => <TranscriptDetailView t={t} />}
    </DetailState>
  );
}
