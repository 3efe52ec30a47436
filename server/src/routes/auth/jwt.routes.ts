/** simplejwt's three token views; each answers with and without its trailing slash (strict: false). */
import { z } from '@hono/zod-openapi';
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { MESSAGES } from '../../http/errors.ts';
import { clientAddress } from '../../http/client-address.ts';
import { getCookie, setCookie } from 'hono/cookie';
import { loginWithPassword } from '../../contexts/accounts/auth/login.ts';
import { DEVICE_COOKIE_DAYS, deviceCookieName } from '../../contexts/accounts/auth/device-cookie.ts';
import { loginWithOneTimePassword } from '../../contexts/accounts/auth/one-time-password.ts';
import { rotateRefreshToken, verifyAnyToken } from '../../contexts/accounts/auth/tokens.ts';
import { BLANK, EMAIL_MAX, tooLong, DetailSchema, TokenNotValidSchema, TokenPairSchema, errors, json, jsonBody, requiredString } from './schemas.ts';

type Credentials = { username?: string; password?: string; email?: string; otp?: string };

/** A body with `otp` (or `email` and no `username`) is the one-time-password payload. */
const isOneTimePayload = (v: Credentials) => v.otp !== undefined || (v.email !== undefined && v.username === undefined);

/**
 * Lengths no account can exceed (usernames are at most 150 characters, addresses 254, codes 6);
 * passwords stop at Django's 4096 so hashing cost stays bounded. Longer input is a 400, before it
 * reaches a counter key or an index (a 20 KB username once overflowed a btree row).
 */
const TokenObtainSchema = z
  .object({
    username: z.string().max(150, tooLong(150)).optional(),
    password: z.string().max(4096, tooLong(4096)).optional(),
    email: z.string().max(EMAIL_MAX, tooLong(EMAIL_MAX)).optional(),
    otp: z.string().max(32, tooLong(32)).optional(),
  })
  .superRefine((v, ctx) => {
    const fields = isOneTimePayload(v) ? (['email', 'otp'] as const) : (['username', 'password'] as const);
    for (const field of fields) {
      const value = v[field];
      if (value === undefined) ctx.addIssue({ code: 'custom', path: [field], message: MESSAGES.required });
      else if (value.trim() === '') ctx.addIssue({ code: 'custom', path: [field], message: BLANK });
    }
  })
  .openapi('TokenObtain', {
    description: 'Either {username, password} or the one-time-password payload {email, otp}.',
    example: { username: 'demo', password: 'canopy-demo' },
  });

export const createTokenRoute = defineRoute('public', {
  method: 'post',
  path: '/authjwt/create',
  tags: ['Auth'],
  summary: 'Sign in with a password or a one-time password; returns a token pair',
  request: { body: jsonBody(TokenObtainSchema) },
  responses: {
    200: json(TokenPairSchema, 'Signed in'),
    ...errors,
    401: json(DetailSchema, 'No active account found with the given credentials (identical for every cause)'),
  },
});

export const refreshTokenRoute = defineRoute('public', {
  method: 'post',
  path: '/authjwt/refresh',
  tags: ['Auth'],
  summary: 'Rotate a refresh token: a new access and refresh token; a reused refresh token revokes its family',
  request: { body: jsonBody(z.object({ refresh: requiredString() }).openapi('TokenRefresh')) },
  responses: {
    200: json(TokenPairSchema, 'Rotated'),
    ...errors,
    401: json(TokenNotValidSchema, 'Invalid, expired, reused or wrong-type token'),
  },
});

export const verifyTokenRoute = defineRoute('public', {
  method: 'post',
  path: '/authjwt/verify',
  tags: ['Auth'],
  summary: 'Check that a token is valid',
  request: { body: jsonBody(z.object({ token: requiredString() }).openapi('TokenVerify')) },
  responses: {
    200: json(z.object({}), 'Valid'),
    ...errors,
    401: json(TokenNotValidSchema, 'Not valid'),
  },
});

export function registerJwtRoutes(app: ApiApp): void {
  app.openapi(createTokenRoute, async (c) => {
    const body = c.req.valid('json');
    const { db, deps } = c.var;
    const address = clientAddress(c);
    if (isOneTimePayload(body)) {
      const pair = await loginWithOneTimePassword(db, deps, { email: body.email ?? '', otp: body.otp ?? '', address });
      return c.json({ refresh: pair.refresh, access: pair.access }, 200);
    }
    const pair = await loginWithPassword(db, deps, {
      username: body.username ?? '',
      password: body.password ?? '',
      address,
      deviceCookie: (userId) => getCookie(c, deviceCookieName(userId)),
    });
    // The browser's proof that it signed in to this account before (contexts/accounts/auth/device-cookie.ts).
    setCookie(c, deviceCookieName(pair.userId), pair.deviceCookie, {
      path: '/authjwt/create',
      httpOnly: true,
      sameSite: 'Strict',
      secure: deps.config.publicUrl.startsWith('https:'),
      maxAge: DEVICE_COOKIE_DAYS * 86400,
    });
    return c.json({ refresh: pair.refresh, access: pair.access }, 200);
  });

  app.openapi(refreshTokenRoute, async (c) => {
    const pair = await rotateRefreshToken(c.var.db, c.var.deps, c.req.valid('json').refresh);
    return c.json({ access: pair.access, refresh: pair.refresh }, 200);
  });

  app.openapi(verifyTokenRoute, async (c) => {
    await verifyAnyToken(c.var.db, c.var.deps, c.req.valid('json').token);
    return c.json({}, 200);
  });
}
