/**
 * The global actors of the signed-in area: the permission map (SPEC §6), fetched once per session
 * and read by every screen to offer only permitted actions. Mounted only while signed in, so a
 * signed-out visitor never asks for permissions.
 */
import { useContext, type ReactNode } from 'react';
import { PermissionsContext } from './permissions-context.ts';
import { PermissionsLogicContext } from '../services/permissions-services.ts';

export function SignedInActors({ children }: { children: ReactNode }) {
  const logic = useContext(PermissionsLogicContext);
  return <PermissionsContext.Provider logic={logic}>{children}</PermissionsContext.Provider>;
}
