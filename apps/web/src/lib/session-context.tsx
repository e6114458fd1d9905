import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { getSession, sessionUserKey, subscribeSession, type SessionUser } from './session';
import { restoreSession } from './session-api';

export interface SessionState {
  user: SessionUser | null;
  /** 'restoring' while a new tab checks whether its session cookie still holds a sign-in. */
  status: 'restoring' | 'ready';
}

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(subscribeSession, getSession, getSession);
  const [status, setStatus] = useState<SessionState['status']>(() => (getSession() ? 'ready' : 'restoring'));
  const queryClient = useQueryClient();

  useEffect(() => {
    if (status === 'ready') return;
    let live = true;
    restoreSession().finally(() => live && setStatus('ready'));
    return () => {
      live = false;
    };
  }, [status]);

  // A new user or changed claims: reload every server datum; signed out: forget them all.
  const user = session?.user ?? null;
  const userKey = sessionUserKey(user);
  const previousKey = useRef(userKey);
  useEffect(() => {
    if (previousKey.current === userKey) return;
    previousKey.current = userKey;
    if (userKey) void queryClient.invalidateQueries();
    else queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'app-config' });
  }, [userKey, queryClient]);

  const value = useMemo<SessionState>(() => ({ user, status }), [user, status]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session where there is one; null on pages rendered without SessionProvider (the standalone calculator). */
export function useOptionalSession(): SessionState | null {
  return useContext(SessionContext);
}

export function useSession(): SessionState {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession must be used inside SessionProvider');
  return ctx;
}
