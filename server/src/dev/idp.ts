/**
 * A real OpenID Connect identity provider for development and tests, built on oidc-provider, so
 * single sign-on is exercised against the protocol as a production provider speaks it (discovery,
 * PKCE, state, nonce, signed ID tokens, single-use codes) rather than against a mock.
 *
 * Sign-in is a one-page form listing the configured accounts: pick one and you are signed in and
 * consent is granted. `npm run dev:idp` runs it on a fixed port (idp-main.ts); tests start it
 * in-process on a random loopback port with `startDevIdp`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Account, type ClientMetadata } from 'oidc-provider';
import { renderLoginPage } from './idp-login-page.ts';

export interface DevAccount {
  /** The stable subject identifier. */
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
}

export interface DevClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface DevIdpOptions {
  accounts: DevAccount[];
  clients: DevClient[];
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** The host name in the issuer URL (defaults to `host`). */
  publicHost?: string;
}

export interface DevIdp {
  issuer: string;
  accounts: DevAccount[];
  close(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startDevIdp(options: DevIdpOptions): Promise<DevIdp> {
  const host = options.host ?? '127.0.0.1';
  const server = createServer();
  const port = await listen(server, options.port ?? 0, host);
  const issuer = `http://${options.publicHost ?? host}:${port}`;

  // A fresh signing key per start: ID tokens only need to verify while this process runs.
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { kty: 'RSA', ...(await exportJWK(privateKey)), kid: 'dev-idp', alg: 'RS256', use: 'sig' };

  const accounts = new Map(options.accounts.map((a) => [a.sub, a]));
  const findAccount = (_ctx: unknown, sub: string): Account | undefined => {
    const account = accounts.get(sub);
    if (!account) return undefined;
    return {
      accountId: sub,
      claims: () => ({
        sub,
        email: account.email,
        email_verified: account.email_verified,
        given_name: account.given_name,
        family_name: account.family_name,
        name: [account.given_name, account.family_name].filter(Boolean).join(' ') || account.email,
      }),
    };
  };

  const clients: ClientMetadata[] = options.clients.map((c) => ({
    ...c,
    response_types: ['code'],
    grant_types: ['authorization_code'],
    token_endpoint_auth_method: 'client_secret_basic',
  }));

  const provider = new Provider(issuer, {
    clients,
    findAccount,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: [signingKey] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // Every client must use PKCE here, as Canopy always does.
    pkce: { required: () => true },
    ttl: { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
  });
  const handleProtocol = provider.callback();

  async function handleInteraction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(renderLoginPage(details.uid, String(details.params.client_id ?? ''), options.accounts));
      return;
    }
    const form = await readForm(req);
    const accountId = form.get('sub') ?? '';
    if (form.get('cancel') || !accounts.has(accountId)) {
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'Sign-in cancelled' }, { mergeWithLastSubmission: false });
      return;
    }
    // Sign-in and consent in one step: this provider's only clients are first-party apps.
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) {
      handleInteraction(req, res).catch((error: unknown) => {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`Sign-in failed: ${error instanceof Error ? error.message : String(error)}`);
      });
      return;
    }
    handleProtocol(req, res);
  });

  return {
    issuer,
    accounts: options.accounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
