/**
 * The product as a user runs it, in its own process group (npm, tsx and node together): spawn, follow its output
 * with a timestamp per line, wait until the sign-in page and a real sign-in work, stop it gracefully, and kill
 * whatever is left on exit or error, so a benchmark never leaves a server running.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export type ServerProcess = {
  child: ChildProcess;
  startedAt: number;
  base: string;
  /** Output lines (stdout and stderr) with ms since spawn. */
  lines: { at: number; text: string }[];
  /** ms since spawn when GET /login first answered with the sign-in page. */
  pageAt?: number;
  exited: Promise<number | null>;
};

/** CPU seconds of a process, all its threads (utime + stime; fields 11 and 12 counted from the state). */
export const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** Waits until the server is idle (under 10% of a core for `seconds` in a row): start-up work or a backlog done. */
export async function settle(pid: number, seconds: number) {
  let last = cpuSeconds(pid);
  for (let quiet = 0, deadline = Date.now() + 600_000; quiet < seconds && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuSeconds(pid);
    quiet = now - last < 0.1 ? quiet + 1 : 0;
    last = now;
  }
}

const live = new Set<number>();
/** Whether any process of the group is still running (zombies waiting for a reaper do not count). */
const groupAlive = (pgid: number) => {
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const [state, , pg] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (Number(pg) === pgid && state !== 'Z') return true;
      } catch {
        /* exited meanwhile */
      }
    }
    return false;
  } catch {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch {
      return false;
    }
  }
};

/** Kills every process group this module started (SIGKILL); safe to call more than once. */
export function killAll(): void {
  for (const pgid of live) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      /* gone */
    }
    live.delete(pgid);
  }
}
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killAll();
    process.exit(130);
  });
}

export function startServerProcess(
  command: string,
  args: string[],
  base: string,
  env: Record<string, string>,
): ServerProcess {
  const startedAt = performance.now();
  const child = spawn(command, args, {
    cwd: process.cwd(),
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child.pid!);
  const lines: ServerProcess['lines'] = [];
  const follow = (stream: NodeJS.ReadableStream) => {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const at = performance.now() - startedAt;
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      for (const text of parts) lines.push({ at, text });
    });
  };
  follow(child.stdout!);
  follow(child.stderr!);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, startedAt, base, lines, exited };
}

const tail = (p: ServerProcess) =>
  p.lines
    .slice(-15)
    .map((l) => `  ${l.text}`)
    .join('\n');

/** Milliseconds from spawn until GET /login is the sign-in page and the staff account signs in (200). */
export async function waitForSignIn(
  p: ServerProcess,
  timeoutMs: number,
  login = ['staff@openrescue.test', 'demo-staff'],
): Promise<number> {
  let dead = false;
  void p.exited.then(() => {
    dead = true;
  });
  while (performance.now() - p.startedAt < timeoutMs) {
    if (dead) throw new Error(`the server exited before it answered:\n${tail(p)}`);
    try {
      const page = await fetch(`${p.base}/login`);
      const html = await page.text();
      if (page.status === 200 && html.includes('<title>Sign in') && html.includes('/assets/login-')) {
        p.pageAt ??= performance.now() - p.startedAt;
        const res = await fetch(`${p.base}/core-api/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: p.base },
          body: JSON.stringify({ email: login[0], password: login[1] }),
        });
        await res.arrayBuffer();
        if (res.status === 200) return performance.now() - p.startedAt;
      }
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no working sign-in after ${timeoutMs / 1000} s:\n${tail(p)}`);
}

/** SIGTERM to the whole group, then waits until no process of it is left (SIGKILL after `graceMs`). */
export async function stopServerProcess(p: ServerProcess, graceMs = 20_000): Promise<void> {
  const pgid = p.child.pid!;
  try {
    process.kill(-pgid, 'SIGTERM');
  } catch {
    /* gone */
  }
  const until = performance.now() + graceMs;
  while (groupAlive(pgid) && performance.now() < until) await new Promise((r) => setTimeout(r, 50));
  if (groupAlive(pgid)) {
    console.warn(`  process group ${pgid} still running ${graceMs / 1000} s after SIGTERM: killed`);
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  live.delete(pgid);
}

/**
 * CPU seconds the group has used so far (user + system of its live processes and of the children they reaped, as
 * the vite build): a figure the other work on the machine inflates much less than wall time. Linux only.
 */
export function groupCpuSeconds(p: ServerProcess): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // after the name: state ppid pgrp ... utime(12) stime(13) cutime(14) cstime(15), counting from state = 0
      if (Number(f[2]) === p.child.pid) ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    } catch {
      /* exited meanwhile */
    }
  }
  return ticks / 100; // USER_HZ
}

/** When the first output line matching `re` arrived, in ms since spawn. */
export function lineAt(p: ServerProcess, re: RegExp): number | undefined {
  return p.lines.find((l) => re.test(l.text))?.at;
}
