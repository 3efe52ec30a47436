import { afterAll, describe, expect, it } from 'vitest';
import { createCpuPool } from './cpu-pool.ts';
import { JOB_THREAD_NICE } from './thread-priority.ts';

const pool = createCpuPool(2);
const jobPool = createCpuPool(1, { nice: JOB_THREAD_NICE });
afterAll(() => Promise.all([pool.close(), jobPool.close()]));

describe('the CPU pool', () => {
  it('runs named tasks in worker threads', async () => {
    const result = await pool.run<{ value: number }>('pool.echo', { value: 42 });
    expect(result.value).toBe(42);
  });

  it('runs at the priority of the event loop by default, and at the one it is given (the lowest, for the job runtime)', async () => {
    expect((await pool.run<{ niceness: number }>('pool.echo', { value: 1 })).niceness).toBe(0);
    expect((await jobPool.run<{ niceness: number }>('pool.echo', { value: 1 })).niceness).toBe(JOB_THREAD_NICE);
  });

  it('rejects an unknown task with a clear message', async () => {
    await expect(pool.run('no.such.task', {})).rejects.toThrow('Unknown CPU task "no.such.task"');
  });
});
