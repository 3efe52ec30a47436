/** Auth calls (SPEC §7 Auth and user). Paths per API.md: at the root, not under /api/. */
import type { AuthResponse, Credentials } from '@machines/auth/auth.types.ts';
import { api } from './client.ts';

export function createToken(credentials: Credentials): Promise<AuthResponse> {
  return api<AuthResponse>('/authjwt/create/', { method: 'POST', body: credentials });
}
