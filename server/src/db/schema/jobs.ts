/**
 * The durable job queue (server/src/jobs/queue.ts): rows claimed with FOR UPDATE SKIP LOCKED, so it
 * works the same on PGlite and PostgreSQL and survives restarts and kill -9 (a running job whose
 * lease expired is claimed again).
 */
import { index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    input: jsonb('input').notNull().default({}),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    /** 0–100, reported by the handler while it runs. */
    progress: integer('progress').notNull().default(0),
    progressMessage: text('progress_message').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    result: jsonb('result'),
    error: text('error'),
    /** Enqueuing the same key twice yields one job. */
    dedupeKey: text('dedupe_key'),
    /** Worker that holds the lease, and until when (extended by heartbeats while it runs). */
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the current attempt was claimed: with `progress`, the time left. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * Claimed before jobs of a lower priority (then oldest first): people's work at 0, work nobody
     * is waiting for — the demo's results — below it (queue.ts BACKGROUND_PRIORITY).
     */
    priority: smallint('priority').notNull().default(0),
  },
  (t) => [uniqueIndex('jobs_dedupe_key').on(t.dedupeKey), index('jobs_claim').on(t.status, t.runAfter)],
);
