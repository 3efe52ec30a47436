/**
 * Single sign-on, djoser's social-auth shape. The callback takes code and state from the query
 * (as the web client forwards them) or from a form-encoded or JSON body.
 */
import { z } from '@hono/zod-openapi';
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { ApiError, MESSAGES } from '../../http/errors.ts';
import { finishSso, ssoProviders, startSso } from '../../contexts/accounts/auth/sso.ts';
import { DetailSchema, errors, json } from './schemas.ts';

const ProviderParams = z.object({ provider: z.string().openapi({ example: 'oidc' }) });

const CallbackFields = z
  .object({
    code: z.string().optional(),
    state: z.string().optional(),
    iss: z.string().optional(),
    redirect_uri: z.string().optional(),
  })
  .openapi('SsoCallback');

export const ssoProvidersRoute = defineRoute('public', {
  method: 'get',
  path: '/autho',
  tags: ['Auth'],
  summary: 'Configured single sign-on providers (empty when SSO is not set up)',
  responses: { 200: json(z.object({ providers: z.array(z.string()) }).openapi('SsoProviders'), 'Providers') },
});

export const ssoStartRoute = defineRoute('public', {
  method: 'get',
  path: '/autho/{provider}',
  tags: ['Auth'],
  summary: "The provider's authorization URL (code flow with PKCE, state and nonce)",
  request: { params: ProviderParams, query: z.object({ redirect_uri: z.string().optional() }) },
  responses: {
    200: json(z.object({ authorization_url: z.string() }).openapi('SsoAuthorizationUrl'), 'Go there'),
    400: errors[400],
    404: json(DetailSchema, 'Unknown or unconfigured provider'),
    502: json(DetailSchema, 'Provider unreachable'),
  },
});

export const ssoFinishRoute = defineRoute('public', {
  method: 'post',
  path: '/autho/{provider}',
  tags: ['Auth'],
  summary: 'Exchange the callback code for a token pair',
  request: {
    params: ProviderParams,
    query: CallbackFields,
    body: {
      required: false,
      content: {
        'application/x-www-form-urlencoded': { schema: CallbackFields },
        'application/json': { schema: CallbackFields },
      },
    },
  },
  responses: {
    201: json(z.object({ access: z.string(), refresh: z.string(), user: z.string() }).openapi('SsoTokens'), 'Signed in'),
    400: errors[400],
    404: json(DetailSchema, 'Unknown or unconfigured provider'),
    502: json(DetailSchema, 'Provider unreachable'),
  },
});

export function registerSsoRoutes(app: ApiApp): void {
  app.openapi(ssoProvidersRoute, (c) => c.json({ providers: ssoProviders(c.var.deps.config) }, 200));

  app.openapi(ssoStartRoute, async (c) => {
    const { provider } = c.req.valid('param');
    const redirectUri = c.req.valid('query').redirect_uri;
    // Unknown provider first (404), then the missing field (400).
    if (!ssoProviders(c.var.deps.config).includes(provider)) throw ApiError.notFound();
    if (!redirectUri) throw ApiError.field('redirect_uri', MESSAGES.required);
    return c.json({ authorization_url: await startSso(c.var.db, c.var.deps, provider, redirectUri) }, 200);
  });

  app.openapi(ssoFinishRoute, async (c) => {
    const { provider } = c.req.valid('param');
    if (!ssoProviders(c.var.deps.config).includes(provider)) throw ApiError.notFound();
    const fields = { ...c.req.valid('query'), ...c.req.valid('form'), ...c.req.valid('json') };
    const missing: Record<string, string[]> = {};
    if (!fields.code) missing.code = [MESSAGES.required];
    if (!fields.state) missing.state = [MESSAGES.required];
    if (!fields.code || !fields.state) throw ApiError.fields(missing);
    const result = await finishSso(c.var.db, c.var.deps, provider, {
      code: fields.code,
      state: fields.state,
      iss: fields.iss,
      redirect_uri: fields.redirect_uri,
    });
    return c.json(result, 201);
  });
}
