/** GET /socket/negotiate: where the live-update socket is and a short-lived token to open it. */
import { z } from '@hono/zod-openapi';
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { currentUser } from '../../http/authenticate.ts';
import { issueSocketToken, liveSocketUrl, SOCKET_TOKEN_LIFETIME_SECONDS } from '../../realtime/socket-token.ts';
import { json, unauthenticated } from '../auth/schemas.ts';

export const negotiateRoute = defineRoute('user', {
  method: 'get',
  path: '/socket/negotiate',
  tags: ['Realtime'],
  summary: `The live-update WebSocket: connect to \`{url}?access_token={accessToken}\` within ${SOCKET_TOKEN_LIFETIME_SECONDS} s`,
  responses: {
    200: json(z.object({ url: z.string(), accessToken: z.string() }).openapi('SocketNegotiation'), 'Where and how to connect'),
    401: unauthenticated,
  },
});

export function registerRealtimeRoutes(app: ApiApp): void {
  app.openapi(negotiateRoute, async (c) => {
    const { deps } = c.var;
    return c.json({ url: liveSocketUrl(deps, c.req.url), accessToken: await issueSocketToken(deps, currentUser(c).id) }, 200);
  });
}
