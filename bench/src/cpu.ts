/**
 * CPU time used by the bench's server and by a local PostgreSQL, from /proc (Linux): beside a
 * step's wall time it says which side paced it, and it varies far less than wall time when other
 * work shares the machine.
 */
import { readdir, readFile } from 'node:fs/promises';
import pg from 'pg';

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat (Linux, 100 ticks/s). */
export async function cpuSecondsOf(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * The PostgreSQL server's process (its postmaster) when it runs on this machine, from its data
 * directory's postmaster.pid; undefined when that cannot be read (a remote server, no rights).
 */
export async function postmasterOf(databaseUrl: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { rows } = await client.query<{ data_directory: string }>('show data_directory');
    const pidFile = await readFile(`${rows[0]?.data_directory}/postmaster.pid`, 'utf8');
    const pid = Number.parseInt(pidFile.split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) ? pid : undefined;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** CPU seconds used so far by a PostgreSQL server: its postmaster and every process it started. */
export async function postgresCpuSeconds(postmaster: number | undefined): Promise<number> {
  if (postmaster === undefined) return Number.NaN;
  let total = await cpuSecondsOf(postmaster);
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent === postmaster) total += (await cpuSecondsOf(Number(entry))) || 0;
  }
  return total;
}

/** The CPU seconds the server and the databases used over a step. */
export interface CpuUse {
  server: number;
  postgres: number;
}

export async function cpuNow(pid: number, postmaster: number | undefined): Promise<CpuUse> {
  return { server: await cpuSecondsOf(pid), postgres: await postgresCpuSeconds(postmaster) };
}

export const cpuSince = (before: CpuUse, after: CpuUse): CpuUse => ({
  server: after.server - before.server,
  postgres: after.postgres - before.postgres,
});
