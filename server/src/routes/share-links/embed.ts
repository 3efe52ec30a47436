/**
 * The embed page of a share link, /embed/{token}: the web app, read-only, framed in
 * another site. Every other page of Canopy forbids framing (`frame-ancestors 'none'`,
 * `X-Frame-Options: DENY`, http/security-headers.ts); this one allows exactly the origins its
 * owner set on the link (`frame_ancestors`), and none for a link that is dead or has none. The page
 * itself is the web app (static-files.ts); this only decides its framing headers.
 */
import type { ApiApp } from '../../http/api-app.ts';
import { CONTENT_SECURITY_POLICY } from '../../http/security-headers.ts';
import { nodeResponse } from '../../http/node-request.ts';
import { liveLink } from '../../contexts/results/share-links/open.ts';

export const EMBED_PATH = '/embed/:token';

/** The app's policy with `frame-ancestors` set to `origins` ('none' when there are none). */
export function embedPolicy(origins: readonly string[]): string {
  return CONTENT_SECURITY_POLICY.replace("frame-ancestors 'none'", `frame-ancestors ${origins.length ? origins.join(' ') : "'none'"}`);
}

export function registerEmbedPage(app: ApiApp): void {
  app.use(EMBED_PATH, async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    // The origins were checked when they were set (contract FRAME_ORIGIN: no spaces or semicolons).
    const origins = await liveLink(c.var.db, c.req.param('token') ?? '', c.var.deps.clock.now()).then(
      (link) => link.frameAncestors,
      () => [],
    );
    await next();
    c.res.headers.set('Content-Security-Policy', embedPolicy(origins));
    c.res.headers.set('Cache-Control', 'no-store');
    // X-Frame-Options knows no list of origins: browsers that read frame-ancestors ignore it, the
    // rest must not be told DENY when the owner allowed a site.
    if (origins.length) nodeResponse(c)?.removeHeader('X-Frame-Options');
    else c.res.headers.set('X-Frame-Options', 'DENY');
  });
}
