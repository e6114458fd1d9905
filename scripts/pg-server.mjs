// Starts a throw-away PostgreSQL 15 server for the tests: initdb into a temp folder (as the unprivileged
// `postgres` user when we are root, since initdb refuses root), listen on loopback only, stop on demand.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN_CANDIDATES = ['/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/17/bin'];

function findBin() {
  const found = BIN_CANDIDATES.find((dir) => existsSync(join(dir, 'initdb')));
  if (found) return found;
  if (process.getuid?.() === 0) {
    console.log('Installing PostgreSQL (Debian package postgresql-15)...');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql-15'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return findBin();
  }
  throw new Error('PostgreSQL binaries not found: install the Debian package postgresql-15.');
}

/** The command line that runs `bin` as the unprivileged `postgres` user when we are root. */
function asPostgresUserCommand(bin, args) {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
}

function asPostgresUser(bin, args) {
  const [cmd, argv] = asPostgresUserCommand(bin, args);
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${bin} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** The same, without blocking the event loop (a test that keeps sending requests while the server restarts). */
function asPostgresUserAsync(bin, args) {
  const [cmd, argv] = asPostgresUserCommand(bin, args);
  return new Promise((resolve, reject) => {
    execFile(cmd, argv, { encoding: 'utf8' }, (error, stdout, stderr) =>
      error ? reject(new Error(`${bin} failed:\n${stdout}\n${stderr}`)) : resolve(stdout),
    );
  });
}

/** A TCP port nothing listens on right now (asked of the OS in a child process, since this module is synchronous). */
function freePort() {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim());
}

const FAST = '-c fsync=off -c synchronous_commit=off -c full_page_writes=off';

/** pg_ctl's arguments to start the server of `dataDir` (socket and log in `dir`) on loopback `port`. */
function startArgs(dir, dataDir, port, durable) {
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 ${durable ? '' : FAST} -c max_connections=200`;
  return ['-D', dataDir, '-l', join(dir, 'server.log'), '-w', '-t', '60', '-o', options, 'start'];
}

function startOnce(bin, port, durable) {
  const dir = mkdtempSync(join(tmpdir(), 'openrescue-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = join(dir, 'data');
  try {
    if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
    asPostgresUser(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    asPostgresUser(join(bin, 'pg_ctl'), startArgs(dir, dataDir, port, durable));
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return { dir, dataDir };
}

/**
 * Starts a server on `port`, or on a free port when none is given (one retry on another port if it is taken).
 * `durable`: PostgreSQL's own durability settings (fsync, synchronous commit) for the crash tests; by default they
 * are off, which is faster and fine for a server thrown away after the run.
 */
export function startPostgres(port, { durable = false } = {}) {
  const bin = findBin();
  let started;
  let usedPort = port ?? freePort();
  try {
    started = startOnce(bin, usedPort, durable);
  } catch (error) {
    if (port !== undefined) throw error;
    usedPort = freePort();
    started = startOnce(bin, usedPort, durable);
  }
  const { dir, dataDir } = started;
  const url = `postgres://postgres@127.0.0.1:${usedPort}/postgres`;
  return {
    url,
    /** The same server through its unix socket (in `dir`), for a database on the same machine. */
    socketUrl: `postgres://postgres@/postgres?host=${encodeURIComponent(dir)}&port=${usedPort}`,
    /** Stops the server ('fast': clients disconnected, a clean shutdown; 'immediate': like a crash, recovery on start). */
    halt(mode) {
      return asPostgresUserAsync(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', mode, '-w', 'stop']);
    },
    /** Starts it again on the same port and data. */
    resume() {
      return asPostgresUserAsync(join(bin, 'pg_ctl'), startArgs(dir, dataDir, usedPort, durable));
    },
    stop() {
      try {
        asPostgresUser(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
