/**
 * Runs `task` once the browser has painted the page as it came (the pre-rendered standalone pages), so their
 * scripts do not hold back the first paint. A hidden tab paints nothing, so there it runs at once.
 */
export function afterFirstPaint(task: () => void): void {
  if (document.visibilityState === 'hidden') {
    task();
    return;
  }
  requestAnimationFrame(() => setTimeout(task, 0));
}
