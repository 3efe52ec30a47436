/**
 * The caller's network address, for per-address rate limits. Behind one trusted reverse proxy
 * (TRUST_PROXY=true) the proxy appends the real client to X-Forwarded-For, so the last entry is
 * the one nobody but the proxy could have written; earlier entries are the client's own claims.
 */
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppEnv } from '../deps.ts';

export function clientAddress(c: Context<AppEnv>): string {
  if (c.var.deps.config.TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded
      ?.split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .at(-1);
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket behind it.
    return 'unknown';
  }
}
