/**
 * A CFD direction never steps on the request thread, and its threads run below it: with the
 * embedded defaults (job workers in the server process, one solver thread per direction), the
 * server answers while a direction is mid-run, the direction keeps stepping meanwhile, and the
 * threads doing so are at the lowest scheduling priority while the event loop's stays at 0.
 *
 * Mid-run is read from the job's own progress row: the solver's progress is written to the
 * database by the event loop, so a direction stepping on the loop could not show it before it
 * ended.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { like } from 'drizzle-orm';
import { jobs } from '../../db/schema/index.ts';
import { JOB_THREAD_NICE } from '../../jobs/thread-priority.ts';
import { json, scenarioUrl, setup, startWorker, teardown, validatedScenario, validation, waitFor, type Setup } from '../../../test/world-cfd.ts';

/** The niceness of each thread of this process (Linux /proc; field 19 of a task's stat), by thread id. */
function threadNiceness(): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      // The fields after the command name (which may hold spaces) start at field 3, the state.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(tid), Number(fields[19 - 3]));
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}

const stepOf = (message: string | null | undefined) => Number(/step (\d+) of/.exec(message ?? '')?.[1] ?? -1);

describe('a CFD direction off the request thread', { timeout: 300_000 }, () => {
  let s: Setup;
  beforeAll(async () => {
    // Long enough that the direction is still stepping while the test looks at it (the workers'
    // stop at the end cancels it between two chunks of steps), and no checkpoint: saving one is
    // I/O, which would give an event loop stepping the solver a turn between chunks.
    s = await setup({ CFD_TEST_STEPS: '6000', CFD_CHECKPOINT_SECONDS: '3600', JOB_THREAD_NICE: String(JOB_THREAD_NICE) });
    startWorker(s);
  });
  afterAll(() => teardown(s));

  it('answers health while a direction is mid-run, and steps it on threads of the lowest priority', async () => {
    const { t, w } = s;
    const scenario = await validatedScenario(s, 'Tower wind (off the loop)');
    expect((await validation(s, scenario.id)).status).toBe('passed');
    const windId = scenario.simulations[0]!.id;
    await json(
      await t.request(`${scenarioUrl(s, scenario.id)}/user-approval/`, { method: 'POST', token: w.tokens.projectAdmin, json: { approved: true } }),
      200,
    );
    const direction = async () =>
      (
        await t.database.db
          .select()
          .from(jobs)
          .where(like(jobs.dedupeKey, `cfd-direction:${windId}:%:0`))
      )[0] ?? null;

    const before = await waitFor('direction 0 mid-run', direction, (j) => j?.status === 'running' && stepOf(j.progressMessage) > 0);

    // The server answers while the direction steps.
    for (let i = 0; i < 5; i++) {
      const res = await t.request('/api/health');
      expect(res.status).toBe(200);
      await res.text();
    }

    // And the direction went on stepping meanwhile, still mid-run.
    const after = await waitFor(
      'direction 0 further on',
      direction,
      (j) => j?.status !== 'running' || stepOf(j.progressMessage) > stepOf(before!.progressMessage),
    );
    expect(after!.status).toBe('running');

    // The threads stepping it are at the lowest priority; the event loop's is untouched.
    const niceness = threadNiceness();
    expect(niceness.get(process.pid)).toBe(0);
    expect([...niceness.values()]).toContain(JOB_THREAD_NICE);
  });
});
