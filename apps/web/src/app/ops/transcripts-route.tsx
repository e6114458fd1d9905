import { ComingSoonPanel } from '../../components/coming-soon-panel';

/** The Transcripts screen (issue 7); replaced by the real screen. */
export function TranscriptsRoute() {
  return <ComingSoonPanel title="Transcripts" />;
}
