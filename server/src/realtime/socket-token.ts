/**
 * Tokens for the live-update WebSocket. A browser cannot put an Authorization header on a
 * WebSocket, so the token travels in the URL, where it may end up in proxy logs: it is therefore
 * its own type (an access token is refused), lives one minute, and only opens a socket.
 */
import { signToken, verifyToken } from '../crypto/jwt.ts';
import type { AppDeps } from '../deps.ts';

export const SOCKET_TOKEN_LIFETIME_SECONDS = 60;
export const LIVE_SOCKET_PATH = '/socket/live';

export async function issueSocketToken(deps: AppDeps, userId: number): Promise<string> {
  return (await signToken(deps.secretKey, 'socket', userId, SOCKET_TOKEN_LIFETIME_SECONDS, deps.clock.now())).token;
}

/** The user id the token was issued to; throws TokenInvalidError when missing, expired or forged. */
export async function verifySocketToken(deps: AppDeps, token: string | null | undefined): Promise<number> {
  const claims = await verifyToken(deps.secretKey, token ?? '', 'socket', deps.clock.now());
  return Number(claims.user_id);
}

/**
 * The socket URL for a request that reached us at `requestUrl`: PUBLIC_URL (with any path prefix it
 * has) when set, else the request's origin — never the request's own path, which is the negotiate
 * route's — followed by LIVE_SOCKET_PATH, as wss: for https and ws: otherwise.
 */
export function liveSocketUrl(deps: AppDeps, requestUrl: string): string {
  const publicUrl = deps.config.PUBLIC_URL;
  const base = publicUrl ? new URL(publicUrl) : new URL(new URL(requestUrl).origin);
  base.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  base.pathname = `${base.pathname.replace(/\/+$/, '')}${LIVE_SOCKET_PATH}`;
  base.search = '';
  base.hash = '';
  return base.href;
}
