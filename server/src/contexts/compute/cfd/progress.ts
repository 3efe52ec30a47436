/**
 * A CFD direction's progress where users see it: the job's own progress (0–100 for this direction,
 * which also renews its lease), and for the whole run — the mean of its direction jobs' progress —
 * the simulation's status text and `cfd_parameters.progress`, published on the bus so the live
 * status (overview, scenario list, viewer) moves. The solver reports after every chunk of steps,
 * synchronously; the writes happen at most every few seconds, one at a time, off its path.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { EventBus } from '../../../realtime/bus.ts';
import { jobs, simulations } from '../../../db/schema/index.ts';
import type { DirectionProgress } from '@canopy/engine/cfd/run/direction.ts';
import { publishScenarioStatus } from '../../scenarios/index.ts';
import { setRunKey, type CfdProgress } from './run-state.ts';
import { directionJobKey } from './direction-job-key.ts';
import { runEta } from './run-eta.ts';

export interface ProgressTarget {
  db: Db;
  bus?: EventBus;
  simulationId: number;
  configurationId: number;
  runId: string;
  index: number;
  total: number;
  /** The job's progress call (context.progress). */
  jobProgress(percent: number, message: string): Promise<void>;
  /** Minimum milliseconds between writes (default 2000). */
  intervalMs?: number;
  /** Directions of this run that run side by side (the estimate's `directions_at_once`). */
  directionsAtOnce?: number;
  /** Seconds per direction in the approved estimate: where the time left starts from (run-eta.ts). */
  planDirectionS?: number;
}

/** Share of a direction's work done, 0–1, in lattice-cell updates (a spin-up step costs less than a full-grid one). */
function workShare(p: Pick<DirectionProgress, 'phase' | 'updatesDone' | 'updatesTotal'>): number {
  if (p.phase === 'preparing') return 0;
  if (p.phase === 'post-processing') return 1;
  return p.updatesTotal > 0 ? Math.min(1, p.updatesDone / p.updatesTotal) : 0;
}

/** This direction's share done, 0–100: preparing 0–2, the steps 2–96 by their work, sampling and writing after. */
export function directionPercent(p: Pick<DirectionProgress, 'phase' | 'updatesDone' | 'updatesTotal'>): number {
  if (p.phase === 'preparing') return 1;
  if (p.phase === 'post-processing') return 96;
  return 2 + 94 * workShare(p);
}

/** A direction's share of work done read back from its job's progress (directionPercent's inverse). */
export function shareOfPercent(percent: number): number {
  return Math.min(1, Math.max(0, (percent - 2) / 94));
}

function minutes(seconds: number): string {
  if (!Number.isFinite(seconds)) return 'unknown';
  return seconds < 90 ? `${Math.max(1, Math.round(seconds))} s` : `${Math.round(seconds / 60)} min`;
}

/** The direction's status line; `leftS` is its time left as the run's estimate reckons it (else the solver's own). */
export function progressMessage(p: DirectionProgress, leftS = p.etaS): string {
  const where = `direction ${p.index + 1} of ${p.total} (${p.directionDeg}°)`;
  if (p.phase === 'preparing') return `${where}: voxelising the geometry and building the grid`;
  if (p.phase === 'post-processing') return `${where}: reading the pedestrian results`;
  return `${where}: ${p.phase}, step ${p.step} of ${p.steps}, ${p.mlups.toFixed(1)} MLUPS, about ${minutes(leftS)} left`;
}

export interface ProgressReporter {
  /** The solver's callback. */
  onProgress(p: DirectionProgress): void;
  /** Writes the latest report now (and waits for writes in flight). */
  flush(): Promise<void>;
}

export function progressReporter(target: ProgressTarget): ProgressReporter {
  const interval = target.intervalMs ?? 2000;
  const keys = Array.from({ length: target.total }, (_, i) => directionJobKey(target.simulationId, target.runId, i));
  let latest: DirectionProgress | null = null;
  let lastPhase = '';
  let lastWrite = 0;
  let writing: Promise<void> | null = null;

  async function write(p: DirectionProgress): Promise<void> {
    const own = directionPercent(p);
    const rows = await target.db
      .select({ key: jobs.dedupeKey, status: jobs.status, progress: jobs.progress, startedAt: jobs.startedAt, finishedAt: jobs.finishedAt })
      .from(jobs)
      .where(inArray(jobs.dedupeKey, keys));
    const byKey = new Map(rows.map((r) => [r.key, r]));
    let sum = 0;
    let done = 0;
    const finishedS: number[] = [];
    const othersDoneShare: number[] = [];
    keys.forEach((key, i) => {
      const row = byKey.get(key);
      const value = i === target.index ? own : row?.status === 'completed' ? 100 : (row?.progress ?? 0);
      if (row?.status === 'completed') {
        done++;
        if (row.startedAt && row.finishedAt) finishedS.push((row.finishedAt.getTime() - row.startedAt.getTime()) / 1000);
      } else if (row?.status === 'running' && i !== target.index) othersDoneShare.push(shareOfPercent(row.progress));
      sum += value;
    });
    // The run's time left (run-eta.ts): the plan's pace moving towards the measured one, over all
    // the work left — this direction's, the others being computed, and those waiting.
    const measured = p.updatesTotal > 0 ? (p.updatesDone - p.updatesResumed) / p.updatesTotal : 0;
    const eta = runEta({
      planDirectionS: target.planDirectionS ?? (Number.isFinite(p.etaS) ? p.etaS + p.elapsedS : p.elapsedS),
      finishedS,
      own: { doneShare: workShare(p), measuredShare: measured, elapsedS: p.elapsedS },
      othersDoneShare,
      waiting: target.total - done - 1 - othersDoneShare.length,
      atOnce: target.directionsAtOnce ?? 1 + othersDoneShare.length,
    });
    const message = progressMessage(p, eta.ownLeftS);
    await target.jobProgress(own, message);
    const percent = Math.min(99, Math.floor(sum / target.total));
    const progress: CfdProgress = {
      percent,
      directions_done: done,
      total: target.total,
      direction_deg: p.directionDeg,
      index: p.index,
      phase: p.phase,
      step: p.step,
      steps: p.steps,
      mlups: Math.round(p.mlups * 100) / 100,
      eta_s: Number.isFinite(eta.ownLeftS) ? Math.round(eta.ownLeftS) : -1,
      run_eta_s: Math.round(eta.runLeftS),
      updated_at: new Date().toISOString(),
    };
    await setRunKey(target.db, target.simulationId, target.runId, ['progress'], progress);
    // Only while the run is live: a late report must not revive a run another direction failed.
    const moved = await target.db
      .update(simulations)
      .set({ status: 'running', statusText: `Wind (CFD) ${percent} %: ${message}`.slice(0, 500) })
      .where(
        and(
          eq(simulations.id, target.simulationId),
          inArray(simulations.status, ['queued', 'running']),
          sql`${simulations.cfdParameters} ->> 'run_id' = ${target.runId}`,
          sql`coalesce(${simulations.cfdParameters} -> 'failed', 'null'::jsonb) = 'null'::jsonb`,
        ),
      )
      .returning({ id: simulations.id });
    if (moved.length) await publishScenarioStatus(target.db, target.bus, target.configurationId);
  }

  function kick(force: boolean): Promise<void> {
    if (writing || !latest) return writing ?? Promise.resolve();
    const now = Date.now();
    if (!force && now - lastWrite < interval && latest.phase === lastPhase) return Promise.resolve();
    const p = latest;
    lastWrite = now;
    lastPhase = p.phase;
    writing = write(p)
      .catch(() => {
        // Progress is best effort: a failed write must not stop the solver (the next report retries).
      })
      .finally(() => {
        writing = null;
      });
    return writing;
  }

  return {
    onProgress(p) {
      latest = p;
      void kick(false);
    },
    async flush() {
      if (writing) await writing;
      await kick(true);
    },
  };
}
