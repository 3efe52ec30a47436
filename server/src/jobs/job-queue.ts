/** What routes and services use to start background work: enqueue, and wake a local worker. */
import type { Db } from '../db/database.ts';
import { enqueueJob, type EnqueueOptions, type JobRow } from './queue.ts';

export interface JobQueue {
  enqueue(type: string, input: unknown, options?: EnqueueOptions): Promise<JobRow>;
  /** Called by an in-process worker so enqueued jobs start without waiting for its next poll. */
  onEnqueue(listener: () => void): void;
}

export function createJobQueue(db: Db): JobQueue {
  const listeners = new Set<() => void>();
  return {
    async enqueue(type, input, options) {
      const job = await enqueueJob(db, type, input, options);
      for (const listener of listeners) listener();
      return job;
    },
    onEnqueue(listener) {
      listeners.add(listener);
    },
  };
}
