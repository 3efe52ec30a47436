/**
 * Jobs as users see them: a job is visible to whoever can see the project it works on (its input's
 * projectId); a job without a project (maintenance) only to superusers. Unseen → 404.
 */
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import { getJob, type JobRow } from '../../../jobs/queue.ts';
import { projectAccess } from '../../projects/index.ts';

export function jobProjectId(job: Pick<JobRow, 'input'>): number | null {
  const projectId = (job.input as { projectId?: unknown } | null)?.projectId;
  return typeof projectId === 'number' && Number.isSafeInteger(projectId) ? projectId : null;
}

export async function visibleJob(db: Db, user: AuthUser, id: number): Promise<JobRow> {
  const job = await getJob(db, id);
  if (!job) throw DomainError.notFound();
  const projectId = jobProjectId(job);
  const visible = projectId === null ? user.isSuperuser : (await projectAccess(db, user, projectId))?.canSee === true;
  if (!visible) throw DomainError.notFound();
  return job;
}

export function jobView(job: JobRow) {
  return {
    id: job.id,
    type: job.type,
    status: job.status,
    progress: job.progress,
    message: job.progressMessage,
    error: job.error,
    attempts: job.attempts,
    max_attempts: job.maxAttempts,
    result: job.result ?? null,
    created_at: job.createdAt.toISOString(),
    updated_at: job.updatedAt.toISOString(),
    finished_at: job.finishedAt?.toISOString() ?? null,
  };
}
