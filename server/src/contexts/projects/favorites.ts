/** Favorites: any project the user can see may be starred; starring twice is not an error. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../../kernel/auth-user.ts';
import { projectFavorites } from '../../db/schema/index.ts';
import { requireVisibleProject } from './access.ts';

export async function addFavorite(db: Db, user: AuthUser, projectId: number): Promise<{ created: boolean }> {
  await requireVisibleProject(db, user, projectId);
  const inserted = await db
    .insert(projectFavorites)
    .values({ userId: user.id, projectId })
    .onConflictDoNothing()
    .returning({ projectId: projectFavorites.projectId });
  return { created: inserted.length > 0 };
}

export async function removeFavorite(db: Db, user: AuthUser, projectId: number): Promise<void> {
  await requireVisibleProject(db, user, projectId);
  await db.delete(projectFavorites).where(and(eq(projectFavorites.userId, user.id), eq(projectFavorites.projectId, projectId)));
}
