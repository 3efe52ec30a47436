/**
 * Everything around a signed-in screen: the global actors of the signed-in area and the app layout
 * (header, breadcrumb, detail navigation). A lazy chunk of its own, so the login route carries
 * neither.
 */
import type { ReactNode } from 'react';
import { AppLayout } from '../layout/app-layout.tsx';
import { SignedInActors } from './signed-in-actors.tsx';

export function SignedInShell({ children }: { children: ReactNode }) {
  return (
    <SignedInActors>
      <AppLayout>{children}</AppLayout>
    </SignedInActors>
  );
}
