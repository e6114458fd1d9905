interface TaskScheduler {
  postTask<R>(callback: () => R): Promise<Awaited<R>>;
}

/**
 * Calls `start` from a task of its own. A screen's requests are sent from the effects of the commit that shows it,
 * and each `fetch()` costs main-thread time (1-8 ms under DevTools' network tracing, four times that on a slow phone);
 * sent from their own tasks they no longer lengthen the commit's task, and the browser can paint in between.
 */
export function inOwnTask<T>(start: () => Promise<T>): Promise<T> {
  const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler;
  if (scheduler?.postTask) return scheduler.postTask(start);
  return new Promise<void>((resolve) => setTimeout(resolve, 0)).then(start);
}
