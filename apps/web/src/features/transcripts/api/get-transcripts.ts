import { type TranscriptRow, transcriptsPaths } from '@openrescue/shared';
import { apiUrl } from '../../../config/env';

export type { TranscriptRow };

/** GET {core}/api/product/calls/transcripts?search=&tw_call_length__gte=&sentiment_score= (spec 7.5); pages of 50. */
export const TRANSCRIPTS_URL = apiUrl(transcriptsPaths.calls);
