/** Asking for a one-time sign-in code; signing in with it is POST /authjwt/create/ {email, otp}. */
import { z } from '@hono/zod-openapi';
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { clientAddress } from '../../http/client-address.ts';
import { requestOneTimePassword } from '../../contexts/accounts/auth/one-time-password.ts';
import { emailField, errors, jsonBody } from './schemas.ts';

export const generateOtpRoute = defineRoute('public', {
  method: 'post',
  path: '/api/one-time-password/generate',
  tags: ['Auth'],
  summary: 'Mail a 6-digit sign-in code (10 minutes, single use); 204 whether or not the address has an account',
  request: { body: jsonBody(z.object({ email: emailField() }).openapi('OneTimePasswordRequest')) },
  responses: { 204: { description: 'Accepted (the mail, if any, is sent afterwards)' }, ...errors },
});

export function registerOtpRoutes(app: ApiApp): void {
  app.openapi(generateOtpRoute, async (c) => {
    await requestOneTimePassword(c.var.db, c.var.deps, c.req.valid('json').email, clientAddress(c));
    return c.body(null, 204);
  });
}
