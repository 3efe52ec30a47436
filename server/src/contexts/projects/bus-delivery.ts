/**
 * From the bus to this process's WebSockets: each message goes to the connected users who may see
 * its project (contexts/projects/access.ts — the same rule as every project route), checked when
 * the message arrives, so a share revoked a second ago no longer receives anything.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema/index.ts';
import { projectAccess } from './access.ts';
import type { AuthUser } from '../../kernel/auth-user.ts';
import type { EventBus, BusMessage } from '../../realtime/bus.ts';
import type { LiveHub } from '../../realtime/live-socket.ts';

async function loadUser(db: Db, id: number): Promise<AuthUser | null> {
  const [row] = await db
    .select({ id: users.id, username: users.username, email: users.email, companyId: users.companyId, roleId: users.roleId, isSuperuser: users.isSuperuser })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

/** The users among `userIds` who may see the project. */
export async function usersWhoSee(db: Db, projectId: number, userIds: readonly number[]): Promise<number[]> {
  const allowed: number[] = [];
  for (const id of userIds) {
    const user = await loadUser(db, id);
    if (user && (await projectAccess(db, user, projectId))?.canSee) allowed.push(id);
  }
  return allowed;
}

export async function deliver(db: Db, hub: Pick<LiveHub, 'publish' | 'connectedUsers'>, message: BusMessage): Promise<number> {
  const connected = hub.connectedUsers();
  if (connected.length === 0) return 0;
  let sent = 0;
  if (message.userIds) {
    // Addressed to its users (their own inbox), not to everyone who sees the project.
    for (const userId of connected.filter((id) => message.userIds!.includes(id)))
      sent += hub.publish(userId, { ...message.event, project_id: message.projectId });
    return sent;
  }
  for (const userId of await usersWhoSee(db, message.projectId, connected)) sent += hub.publish(userId, { ...message.event, project_id: message.projectId });
  return sent;
}

/** Subscribes the hub to the bus; returns the unsubscribe function. */
export function connectBusToHub(
  bus: EventBus,
  db: Db,
  hub: Pick<LiveHub, 'publish' | 'connectedUsers'>,
  log: (line: string) => void = console.log,
): () => void {
  return bus.subscribe((message) => {
    deliver(db, hub, message).catch((error: Error) => log(`[bus] delivery of ${message.event.type} failed: ${error.message}`));
  });
}
