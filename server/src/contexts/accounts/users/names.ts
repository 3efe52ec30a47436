/** How people are named in answers: "First Last", or the username when no name was given. */
import type { UserRef } from '@canopy/contract/common.ts';

export interface NamedUser {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
}

export function displayName(user: Omit<NamedUser, 'id'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.username;
}

export function userRef(user: NamedUser): UserRef {
  return { id: user.id, username: user.username, name: displayName(user) };
}

/** userRef for a LEFT JOINed user whose columns may all be null. */
export function optionalUserRef(user: { id: number | null; username: string | null; firstName: string | null; lastName: string | null }): UserRef | null {
  if (user.id === null || user.username === null) return null;
  return userRef({ id: user.id, username: user.username, firstName: user.firstName ?? '', lastName: user.lastName ?? '' });
}
