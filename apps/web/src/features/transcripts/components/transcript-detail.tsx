import { Alert, Anchor, Badge, Group, Progress, Stack, Tabs, Text, Title, UnstyledButton } from '@mantine/core';
import type { SpeakerLabel, TranscriptDetail } from '@openrescue/shared';
import { useRef } from 'react';
import { Link } from 'react-router';
import { FieldList } from '../../../components/field-list';
import { paths } from '../../../config/paths';
import {
  categoryLabel,
  DIRECTION_LABELS,
  formatClock,
  formatPhone,
  MATCH_LABELS,
  SENTIMENT_COLORS,
  SENTIMENT_LABELS,
  wholePercent,
} from '../lib/format';
import { SentimentIcon } from './sentiment-icon';
import classes from './transcript-detail.module.css';

const SPEAKER_COLORS: Record<SpeakerLabel, string> = {
  A: 'blue',
  B: 'grape',
  C: 'orange',
  D: 'cyan',
  E: 'lime',
  F: 'pink',
  G: 'indigo',
  UNK: 'gray',
};
const PART_LABELS: Record<string, string> = {
  sentiment: 'sentiment',
  entities: 'entities',
  highlights: 'key phrases',
  categories: 'categories',
};

/** Entity texts by type, each text once, types in order of appearance. */
function groupEntities(entities: { entity_type: string; text: string }[]): [string, string[]][] {
  const groups = new Map<string, Set<string>>();
  for (const e of entities) groups.set(e.entity_type, (groups.get(e.entity_type) ?? new Set()).add(e.text));
  return [...groups].map(([type, texts]) => [type, [...texts]]);
}

function Empty({ children }: { children: string }) {
  return (
    <Text c="dimmed" size="sm" py="sm">
      {children}
    </Text>
  );
}

/** The panel of one call (spec 2.12): links, the recording, the analysis tabs, then the transcript tabs. */
export function TranscriptDetailView({ t }: { t: TranscriptDetail }) {
  const audio = useRef<HTMLAudioElement>(null);
  const a = t.transcript_from_aai;
  const seek = (ms: number | null) => {
    if (!audio.current || ms === null) return;
    audio.current.currentTime = ms / 1000;
    void audio.current.play().catch(() => {});
  };
  const links = [
    t.store && { key: 'store', label: 'Store', to: paths.ops.store(t.store.id), ...t.store },
    t.receiver && { key: 'receiver', label: 'Receiver', to: paths.ops.receiver(t.receiver.id), ...t.receiver },
  ].filter(Boolean) as { key: string; label: string; to: string; name: string; match: string }[];

  return (
    <Stack gap="md" data-testid="transcript-detail">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <SentimentIcon score={t.sentiment_score} size={32} />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={2} size="h4">
            {t.aai_headline ?? `Call ${t.id}`}
          </Title>
          <Text size="sm" c="dimmed">
            {t.tw_caller_name ?? formatPhone(t.tw_call_direction === 'inbound' ? t.tw_from_number : t.tw_to_number)} ·{' '}
            {t.tw_call_length ?? '—'} s
          </Text>
        </Stack>
      </Group>

      {links.length > 0 && (
        <Group gap="xs" data-testid="transcript-links">
          {links.map((l) => (
            <Badge key={l.key} variant="light" size="lg" radius="sm" tt="none" className={classes.linkBadge}>
              {l.label}:{' '}
              <Anchor component={Link} to={l.to} size="sm" fw={600}>
                {l.name}
              </Anchor>
              <Text span size="xs" c="dimmed">
                {' '}
                ({MATCH_LABELS[l.match] ?? l.match})
              </Text>
            </Badge>
          ))}
        </Group>
      )}

      {t.audio ? (
        <audio
          ref={audio}
          controls
          preload="metadata"
          src={t.audio.url}
          className={classes.audio}
          data-testid="transcript-audio"
          aria-label="Call recording"
        >
          <track kind="captions" />
        </audio>
      ) : (
        <Alert color="gray" variant="light" p="xs">
          No recording is stored for this call.
        </Alert>
      )}

      {t.analysis_status === 'pending' && (
        <Alert color="blue" variant="light" p="xs" role="status" data-testid="analysis-pending">
          Analysis pending: this call's transcript is being analysed. It shows here when it is done.
        </Alert>
      )}
      {t.analysis_status === 'failed' && (
        <Alert color="red" variant="light" p="xs" role="status" data-testid="analysis-failed">
          The analysis of this call's transcript failed. Logs has the details.
        </Alert>
      )}

      <Tabs defaultValue="details" keepMounted={false}>
        <Tabs.List aria-label="Call analysis">
          <Tabs.Tab value="details">Call details</Tabs.Tab>
          <Tabs.Tab value="sentiment">Sentiment</Tabs.Tab>
          <Tabs.Tab value="highlights">Auto Highlights</Tabs.Tab>
          <Tabs.Tab value="entities">Entities</Tabs.Tab>
          <Tabs.Tab value="categories">Categories</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details" pt="sm">
          <FieldList
            label="Call details"
            fields={[
              [
                'Direction',
                t.tw_call_direction ? (DIRECTION_LABELS[t.tw_call_direction] ?? t.tw_call_direction) : null,
              ],
              ['Caller', t.tw_caller_name],
              ['From', formatPhone(t.tw_from_number)],
              ['To', formatPhone(t.tw_to_number)],
              ['Length (s)', t.tw_call_length],
              ['Status', t.tw_call_status],
              ['Headline', t.aai_headline],
              ['Summary', t.aai_summary ? <span className={classes.preLine}>{t.aai_summary}</span> : null],
              [
                'Integration key',
                t.created_by_key ? <span data-testid="created-by-key">{t.created_by_key.name}</span> : null,
              ],
            ]}
          />
          <Text size="xs" c="dimmed" mt="xs">
            {t.analysis_local.length
              ? `Computed here: ${t.analysis_local.map((p) => PART_LABELS[p] ?? p).join(', ')}.`
              : 'Analysis from the speech-analysis service.'}
          </Text>
        </Tabs.Panel>
        <Tabs.Panel value="sentiment" pt="sm">
          {t.sentiment_data ? (
            <Stack gap="sm" data-testid="sentiment-overall">
              <Group gap="xs">
                <Text size="sm">Overall</Text>
                <Badge color={`${SENTIMENT_COLORS[t.sentiment_data.overall]}.9`} variant="outline">
                  {SENTIMENT_LABELS[t.sentiment_data.overall]}
                </Badge>
              </Group>
              {(['POSITIVE', 'NEUTRAL', 'NEGATIVE'] as const).map((k) => (
                <div key={k}>
                  <Group justify="space-between">
                    <Text size="sm">{SENTIMENT_LABELS[k]}</Text>
                    <Text size="sm" fw={600}>
                      {wholePercent(t.sentiment_data![k])}
                    </Text>
                  </Group>
                  <Progress
                    value={t.sentiment_data![k]}
                    color={SENTIMENT_COLORS[k]}
                    aria-label={`${SENTIMENT_LABELS[k]} ${wholePercent(t.sentiment_data![k])}`}
                  />
                </div>
              ))}
            </Stack>
          ) : (
            <Empty>No sentiment for this call.</Empty>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="highlights" pt="sm">
          {a?.auto_highlights_result.results.length ? (
            <ul className={classes.plainList} aria-label="Auto Highlights">
              {[...a.auto_highlights_result.results]
                .sort((x, y) => y.rank - x.rank)
                .map((h) => (
                  <li key={h.text}>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text size="sm">{h.text}</Text>
                      <Group gap={4} wrap="nowrap">
                        <Badge variant="default" size="sm">
                          ×{h.count}
                        </Badge>
                        <Badge variant="outline" color="blue.9" size="sm">
                          rank {h.rank.toFixed(2)}
                        </Badge>
                      </Group>
                    </Group>
                  </li>
                ))}
            </ul>
          ) : (
            <Empty>No highlights.</Empty>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="entities" pt="sm">
          {a?.entities.length ? (
            <Stack gap="xs">
              {groupEntities(a.entities).map(([type, list]) => (
                <div key={type}>
                  <Text size="xs" c="dimmed" tt="capitalize">
                    {type.replace(/_/g, ' ')}
                  </Text>
                  <Group gap={6} mt={2}>
                    {list.map((text) => (
                      <Badge key={text} variant="outline" tt="none" size="md">
                        {text}
                      </Badge>
                    ))}
                  </Group>
                </div>
              ))}
            </Stack>
          ) : (
            <Empty>No entities.</Empty>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="categories" pt="sm">
          {a && Object.keys(a.iab_categories_result.summary).length ? (
            <Stack gap="xs">
              {Object.entries(a.iab_categories_result.summary)
                .sort((x, y) => y[1] - x[1])
                .map(([label, score]) => (
                  <div key={label}>
                    <Group justify="space-between" wrap="nowrap">
                      <Text size="sm">{categoryLabel(label)}</Text>
                      <Text size="sm" c="dimmed">
                        {wholePercent(score * 100)}
                      </Text>
                    </Group>
                    <Progress
                      value={score * 100}
                      size="sm"
                      aria-label={`${categoryLabel(label)} ${wholePercent(score * 100)}`}
                    />
                  </div>
                ))}
            </Stack>
          ) : (
            <Empty>No categories.</Empty>
          )}
        </Tabs.Panel>
      </Tabs>

      <Tabs defaultValue="transcript" keepMounted={false}>
        <Tabs.List aria-label="Transcript">
          <Tabs.Tab value="transcript">Full transcript</Tabs.Tab>
          <Tabs.Tab value="sentences">sentiment by sentence</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="transcript" pt="sm">
          {a?.utterances.length ? (
            <ol className={classes.plainList} aria-label="Full transcript">
              {a.utterances.map((u, i) => (
                <li key={i} className={classes.utterance}>
                  <Badge
                    color={`${SPEAKER_COLORS[u.speaker]}.9`}
                    variant="outline"
                    radius="sm"
                    w={44}
                    aria-label={`Speaker ${u.speaker}`}
                  >
                    {u.speaker}
                  </Badge>
                  <div>
                    {u.start !== null && t.audio && (
                      <UnstyledButton
                        onClick={() => seek(u.start)}
                        className={classes.clock}
                        aria-label={`Play from ${formatClock(u.start)}`}
                      >
                        {formatClock(u.start)}
                      </UnstyledButton>
                    )}
                    <Text size="sm">{u.text}</Text>
                  </div>
                </li>
              ))}
            </ol>
          ) : (
            <Empty>No transcript text.</Empty>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="sentences" pt="sm">
          {a?.sentiment_analysis_results.length ? (
            <ol className={classes.plainList} aria-label="Sentiment by sentence">
              {a.sentiment_analysis_results.map((s, i) => (
                <li key={i} className={classes.sentence}>
                  <Badge color={`${SENTIMENT_COLORS[s.sentiment]}.9`} variant="outline" size="sm" w={84}>
                    {SENTIMENT_LABELS[s.sentiment]}
                  </Badge>
                  <Badge color={`${SPEAKER_COLORS[s.speaker]}.9`} variant="outline" size="sm" w={40}>
                    {s.speaker}
                  </Badge>
                  <Text size="sm">{s.text}</Text>
                </li>
              ))}
            </ol>
          ) : (
            <Empty>No sentences.</Empty>
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
