import { afterAll, describe, expect, it } from 'vitest';
import { createCpuPool } from './cpu-pool.ts';

const pool = createCpuPool(2);
afterAll(() => pool.close());

describe('the CPU pool', () => {
  it('runs named tasks in worker threads', async () => {
    const result = await pool.run<{ value: number }>('pool.echo', { value: 42 });
    expect(result.value).toBe(42);
  });

  it('rejects an unknown task with a clear message', async () => {
    await expect(pool.run('no.such.task', {})).rejects.toThrow('Unknown CPU task "no.such.task"');
  });
});
