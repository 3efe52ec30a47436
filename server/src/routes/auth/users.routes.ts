/** djoser's user views: sign-up, the signed-in user, and the password reset pair. */
import { z } from '@hono/zod-openapi';
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { ApiError } from '../../http/errors.ts';
import { clientAddress } from '../../http/client-address.ts';
import { currentUser } from '../../http/authenticate.ts';
import { representUser } from '../../contexts/accounts/auth/accounts.ts';
import { signUp, updateProfile } from '../../contexts/accounts/auth/signup.ts';
import { confirmPasswordReset, requestPasswordReset } from '../../contexts/accounts/auth/password-reset.ts';
import { LOGIN_POLICY, admitWithin } from '../../contexts/accounts/auth/login-throttle.ts';
import { BLANK, UserSchema, emailField, errors, json, jsonBody, requiredString, unauthenticated } from './schemas.ts';

const USERNAME_RULE = 'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.';
const tooLong = (n: number) => `Ensure this field has no more than ${n} characters.`;
const optionalText = (max: number) => z.string().max(max, tooLong(max)).optional();

const SignUpSchema = z
  .object({
    username: z
      .string()
      .trim()
      .min(1, BLANK)
      .max(150, tooLong(150))
      .regex(/^[\w.@+-]+$/, USERNAME_RULE),
    email: emailField(),
    password: requiredString().max(4096, tooLong(4096)),
    first_name: optionalText(150),
    last_name: optionalText(150),
    company: optionalText(200).openapi({ description: 'Name of a new company the user will administer' }),
    country: optionalText(2).openapi({ description: 'ISO 3166-1 alpha-2 (see /api/countries)' }),
    province: optionalText(100).openapi({ description: 'ISO 3166-2 code or name (see /api/provinces)' }),
    invite_token: optionalText(200).openapi({ description: 'From an invitation link: joins the inviting company (company is then ignored)' }),
  })
  .openapi('SignUp');

const ProfileSchema = z
  .object({
    first_name: optionalText(150),
    last_name: optionalText(150),
    country: optionalText(2),
    province: optionalText(100),
  })
  .openapi('ProfileUpdate', { description: 'Fields not listed (username, email, …) are read-only and ignored.' });

export const signUpRoute = defineRoute('public', {
  method: 'post',
  path: '/authusers',
  tags: ['Auth'],
  summary: 'Sign up',
  request: { body: jsonBody(SignUpSchema) },
  responses: { 201: json(UserSchema, 'Created (no password in the answer)'), ...errors },
});

export const meRoute = defineRoute('user', {
  method: 'get',
  path: '/authusers/me',
  tags: ['Auth'],
  summary: 'The signed-in user',
  responses: { 200: json(UserSchema, 'The user'), 401: unauthenticated },
});

export const updateMeRoute = defineRoute('user', {
  method: 'patch',
  path: '/authusers/me',
  tags: ['Auth'],
  summary: 'Update own profile fields',
  request: { body: jsonBody(ProfileSchema) },
  responses: { 200: json(UserSchema, 'Updated'), 400: errors[400], 401: unauthenticated },
});

export const resetPasswordRoute = defineRoute('public', {
  method: 'post',
  path: '/authusers/reset_password',
  tags: ['Auth'],
  summary: 'Mail a password-reset link; 204 whether or not the address has an account',
  request: { body: jsonBody(z.object({ email: emailField() }).openapi('PasswordResetRequest')) },
  responses: { 204: { description: 'Accepted (the mail, if any, is sent afterwards)' }, ...errors },
});

export const resetPasswordConfirmRoute = defineRoute('public', {
  method: 'post',
  path: '/authusers/reset_password_confirm',
  tags: ['Auth'],
  summary: 'Set a new password with the uid and token from the reset link; revokes all refresh tokens',
  request: {
    body: jsonBody(z.object({ uid: requiredString(), token: requiredString(), new_password: requiredString() }).openapi('PasswordResetConfirm')),
  },
  responses: { 204: { description: 'Password changed' }, 400: errors[400] },
});

export function registerUserRoutes(app: ApiApp): void {
  app.openapi(signUpRoute, async (c) => {
    // Each sign-up costs a password hash and makes an account: a budget per address.
    const { limit, windowSeconds } = LOGIN_POLICY.signUpsPerAddress;
    await admitWithin(c.var.db, `signup:address:${clientAddress(c)}`, limit, windowSeconds, c.var.deps.clock.now());
    const user = await signUp(c.var.db, c.var.deps, c.req.valid('json'));
    return c.json(user, 201);
  });

  app.openapi(meRoute, async (c) => {
    const user = await representUser(c.var.db, currentUser(c).id);
    if (!user) throw ApiError.notAuthenticated();
    return c.json(user, 200);
  });

  app.openapi(updateMeRoute, async (c) => {
    return c.json(await updateProfile(c.var.db, currentUser(c).id, c.req.valid('json')), 200);
  });

  app.openapi(resetPasswordRoute, async (c) => {
    await requestPasswordReset(c.var.db, c.var.deps, c.req.valid('json').email, clientAddress(c));
    return c.body(null, 204);
  });

  app.openapi(resetPasswordConfirmRoute, async (c) => {
    const body = c.req.valid('json');
    await confirmPasswordReset(c.var.db, c.var.deps, { uid: body.uid, token: body.token, newPassword: body.new_password });
    return c.body(null, 204);
  });
}
