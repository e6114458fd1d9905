import { SimpleGrid } from '@mantine/core';
import { FLOW_IDS, type FlowId, type LiveJob } from '@openrescue/shared';
import { useEffect, useRef, useState } from 'react';
import { notify } from '../../../lib/toasts';
import { FLOWS_DIALOG_TITLE, useStartFlow } from '../api/start-flow';
import { isRunning, latestFlowRun, latestRun } from '../lib/flow-runs';
import { FlowCard } from './flow-card';

/**
 * The Flows screen's cards (spec 2.13): one per flow. A press starts the flow as a server-side job (toast); the card
 * follows its latest run through the live jobs the route passes in (a step's card also the whole flow's runs, which
 * do its step), and a toast says when a run started here ends.
 */
export function FlowsScreen({ liveJobs }: { liveJobs: LiveJob[] }) {
  const [starting, setStarting] = useState<FlowId | null>(null);
  const watched = useRef(new Set<string>());
  const start = useStartFlow((result) => watched.current.add(result.job.id));

  useEffect(() => {
    for (const job of liveJobs) {
      if (!watched.current.has(job.id) || (job.status !== 'succeeded' && job.status !== 'failed')) continue;
      watched.current.delete(job.id);
      notify({
        title: FLOWS_DIALOG_TITLE,
        message:
          job.status === 'succeeded'
            ? `${job.id} finished${job.error ? `: ${job.error}` : '.'}`
            : `${job.id} failed: ${job.error ?? 'see Logs'}`,
        type: job.status === 'succeeded' ? 'success' : 'error',
      });
    }
  }, [liveJobs]);

  const onStart = (id: FlowId) => {
    setStarting(id);
    start.mutate(id, { onSettled: () => setStarting(null) });
  };

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {FLOW_IDS.map((id) => (
        <FlowCard
          key={id}
          id={id}
          run={latestFlowRun(liveJobs, id)}
          busy={isRunning(latestRun(liveJobs, id))}
          starting={starting === id}
          onStart={onStart}
        />
      ))}
    </SimpleGrid>
  );
}
