const MAX_REMEMBERED = 20_000;

/**
 * A user's record, read on every request of theirs, trusted for `recheckMs` (decision 0030): a change reaches them
 * within the time a sign-out takes to reach another process. Concurrent reads of one user share one query, a failed
 * read is not remembered, and at most MAX_REMEMBERED users are kept (the oldest goes first).
 */
export function createRecheckedReads<T>(read: (userId: string) => Promise<T>, recheckMs: number) {
  const remembered = new Map<string, { atMs: number; row: Promise<T> }>();
  return {
    get(userId: string): Promise<T> {
      const hit = remembered.get(userId);
      if (hit && Date.now() - hit.atMs < recheckMs) return hit.row;
      const row = read(userId);
      remembered.delete(userId);
      if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
      remembered.set(userId, { atMs: Date.now(), row });
      row.catch(() => remembered.get(userId)?.row === row && remembered.delete(userId));
      return row;
    },
    /** The user's record changed (staff, a test, an operator's SQL): read it again next time. */
    forget(userId: string): void {
      remembered.delete(userId);
    },
  };
}
