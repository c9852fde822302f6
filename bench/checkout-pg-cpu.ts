/**
 * CPU time of the PostgreSQL backends serving the bench database. With PGlite the database runs inside the
 * shop's process and its work is in the shop's CPU time; with PostgreSQL it runs in backend processes of
 * their own, so without these the two engines' CPU per operation could not be compared. Read from
 * /proc/<pid>/stat, hence only for a server on this Linux machine; background processes (WAL writer,
 * checkpointer, autovacuum) are left out.
 */
import { readFile } from 'node:fs/promises';
import pg from 'pg';

/** Linux reports process times in USER_HZ ticks, 100 a second on every common configuration. */
const MICROS_PER_TICK = 10_000;
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Backend pid → its CPU time (user + system) so far, in µs. */
export type BackendCpuSample = Map<number, number>;

export class BackendCpu {
  private constructor(
    private readonly client: pg.Client,
    private readonly databaseName: string,
  ) {}

  /** Undefined when the server is not on this machine, or /proc cannot tell. */
  static async open(serverUrl: string, databaseName: string): Promise<BackendCpu | undefined> {
    if (process.platform !== 'linux' || !LOCAL_HOSTS.has(new URL(serverUrl).hostname)) return undefined;
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    return new BackendCpu(client, databaseName);
  }

  async sample(): Promise<BackendCpuSample> {
    const { rows } = await this.client.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = $1 and backend_type = 'client backend'`,
      [this.databaseName],
    );
    const sample: BackendCpuSample = new Map();
    for (const { pid } of rows) {
      const micros = await cpuMicrosOf(pid);
      if (micros !== undefined) sample.set(pid, micros);
    }
    return sample;
  }

  close(): Promise<void> {
    return this.client.end();
  }
}

/**
 * The CPU the backends used between two samples. A backend that started in between counts in full; one that
 * ended in between is lost, which the shop's pool (10 connections, kept while busy) does not do under load.
 */
export function cpuBetween(before: BackendCpuSample, after: BackendCpuSample): number {
  let micros = 0;
  for (const [pid, used] of after) micros += used - (before.get(pid) ?? 0);
  return micros;
}

async function cpuMicrosOf(pid: number): Promise<number | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (!stat) return undefined;
  // Fields after the command name, which is in parentheses and may itself hold spaces: utime and stime are
  // the 14th and 15th fields of the line, the 12th and 13th after the name.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * MICROS_PER_TICK;
}
