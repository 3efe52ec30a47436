/**
 * Single sign-on with OpenID Connect: authorization code + PKCE (S256) + state + nonce, through
 * openid-client. The endpoints keep djoser's social-auth contract:
 *   GET  /autho/{provider}/?redirect_uri=…  → {authorization_url}
 *   POST /autho/{provider}/?code=…&state=…  → 201 {access, refresh, user}
 * What the callback needs (PKCE verifier, nonce, redirect URI) is kept in sso_pending_logins by
 * state, so any server process can finish a flow another one started, and a state works once.
 *
 * Accounts: a user whose e-mail the provider reports as verified signs in as the account with that
 * address; an unknown address whose domain belongs to a company with allow_sso gets a new account
 * in that company (role Viewer — the company's administrators raise it). Anything else is refused.
 */
import * as oidc from 'openid-client';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { AppDeps } from '../../../deps.ts';
import type { Config } from '../../../env.ts';
import { companies, roles, ssoPendingLogins, users } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import { findByEmail } from './accounts.ts';
import { issueTokensForLogin, type TokenPair } from './tokens.ts';

/** The one provider OIDC_* configures. Other names answer 404, as unknown djoser backends do. */
export const SSO_PROVIDER = 'oidc';
export const SSO_PENDING_LIFETIME_SECONDS = 10 * 60;
const SCOPE = 'openid email profile';

export const MESSAGES = {
  redirectNotAllowed: 'This redirect_uri is not on the list of allowed redirect URIs.',
  stateUnknown: 'State could not be found in server-side session data.',
  redirectMismatch: 'redirect_uri does not match the one the sign-in was started with.',
  refused: 'The sign-in provider did not accept this sign-in. Start again.',
  unreachable: 'The sign-in provider could not be reached.',
  emailUnverified: 'The sign-in provider did not report a verified e-mail address.',
  noAccount: 'No account matches this e-mail address, and its domain is not set up for single sign-on.',
  inactive: 'This account is inactive.',
} as const;

export function ssoConfigured(config: Config): boolean {
  return Boolean(config.OIDC_ISSUER && config.OIDC_CLIENT_ID);
}

export function ssoProviders(config: Config): string[] {
  return ssoConfigured(config) ? [SSO_PROVIDER] : [];
}

/** OIDC_REDIRECT_URIS plus the app's own login page, which is where the web client comes back. */
export function allowedRedirectUris(config: Config): string[] {
  const listed = (config.OIDC_REDIRECT_URIS ?? '')
    .split(',')
    .map((uri) => uri.trim())
    .filter(Boolean);
  return [...new Set([...listed, `${config.publicUrl}/login/`])];
}

function isLoopback(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) || url.hostname.startsWith('127.');
}

// Discovery costs a round trip to the provider; one result per app (keyed by its deps, so tests
// with their own providers do not share it). A failed discovery is forgotten and retried.
const discovered = new WeakMap<AppDeps, Promise<oidc.Configuration>>();

function providerConfiguration(deps: AppDeps): Promise<oidc.Configuration> {
  let pending = discovered.get(deps);
  if (!pending) {
    const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET } = deps.config;
    const issuer = new URL(OIDC_ISSUER!);
    pending = oidc
      .discovery(
        issuer,
        OIDC_CLIENT_ID!,
        undefined,
        OIDC_CLIENT_SECRET ? oidc.ClientSecretBasic(OIDC_CLIENT_SECRET) : oidc.None(),
        // Plain http only for a provider on this machine (the local development provider).
        issuer.protocol === 'http:' && isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered.delete(deps);
        throw error;
      });
    discovered.set(deps, pending);
  }
  return pending;
}

function requireProvider(deps: AppDeps, provider: string): void {
  if (provider !== SSO_PROVIDER || !ssoConfigured(deps.config)) throw DomainError.notFound();
}

async function configurationOrUnreachable(deps: AppDeps): Promise<oidc.Configuration> {
  try {
    return await providerConfiguration(deps);
  } catch (error) {
    console.error('[sso] discovery failed:', error);
    throw DomainError.detail('upstream-failed', MESSAGES.unreachable);
  }
}

export async function startSso(db: Db, deps: AppDeps, provider: string, redirectUri: string): Promise<string> {
  requireProvider(deps, provider);
  if (!allowedRedirectUris(deps.config).includes(redirectUri)) throw DomainError.field('redirect_uri', MESSAGES.redirectNotAllowed);
  const config = await configurationOrUnreachable(deps);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const now = deps.clock.now();
  await db.delete(ssoPendingLogins).where(lt(ssoPendingLogins.expiresAt, now));
  await db.insert(ssoPendingLogins).values({
    state,
    provider,
    codeVerifier,
    nonce,
    redirectUri,
    expiresAt: new Date(now.getTime() + SSO_PENDING_LIFETIME_SECONDS * 1000),
  });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: SCOPE,
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return url.href;
}

export interface SsoCallback {
  code: string;
  state: string;
  /** RFC 9207 issuer identifier from the callback, when the client passes it on. */
  iss?: string;
  redirect_uri?: string;
}

export interface SsoResult extends TokenPair {
  /** The username, as djoser's social endpoint returns it. */
  user: string;
}

export async function finishSso(db: Db, deps: AppDeps, provider: string, callback: SsoCallback): Promise<SsoResult> {
  requireProvider(deps, provider);
  const now = deps.clock.now();
  // Deleting is what makes a state single-use: of two callbacks with one state, one gets the row.
  const [pending] = await db
    .delete(ssoPendingLogins)
    .where(and(eq(ssoPendingLogins.state, callback.state), eq(ssoPendingLogins.provider, provider)))
    .returning();
  if (!pending || pending.expiresAt <= now) throw DomainError.field('non_field_errors', MESSAGES.stateUnknown);
  if (callback.redirect_uri && callback.redirect_uri !== pending.redirectUri) {
    throw DomainError.field('redirect_uri', MESSAGES.redirectMismatch);
  }
  const config = await configurationOrUnreachable(deps);
  const currentUrl = new URL(pending.redirectUri);
  currentUrl.search = '';
  currentUrl.hash = '';
  currentUrl.searchParams.set('code', callback.code);
  currentUrl.searchParams.set('state', callback.state);
  // With one provider per name there is no mix-up to detect; the web client forwards only code and
  // state, so a missing iss is taken to be our provider's (a wrong one is still refused).
  const metadata = config.serverMetadata();
  const iss = callback.iss ?? (metadata.authorization_response_iss_parameter_supported ? metadata.issuer : undefined);
  if (iss) currentUrl.searchParams.set('iss', iss);

  let email: string | undefined;
  let verified = false;
  let givenName = '';
  let familyName = '';
  try {
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    let profile: Record<string, unknown> = claims;
    // Providers that follow the spec strictly put scope claims only in userinfo.
    if (typeof claims.email !== 'string') profile = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    email = typeof profile.email === 'string' ? profile.email : undefined;
    verified = profile.email_verified === true;
    givenName = typeof profile.given_name === 'string' ? profile.given_name : '';
    familyName = typeof profile.family_name === 'string' ? profile.family_name : '';
  } catch (error) {
    if (error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ClientError) {
      throw DomainError.field('non_field_errors', MESSAGES.refused);
    }
    console.error('[sso] code exchange failed:', error);
    throw DomainError.detail('upstream-failed', MESSAGES.unreachable);
  }
  if (!email || !verified) throw DomainError.field('non_field_errors', MESSAGES.emailUnverified);

  const userId = await matchOrCreateUser(db, email, givenName, familyName);
  return { ...(await issueTokensForLogin(db, deps, userId.id)), user: userId.username };
}

async function matchOrCreateUser(db: Db, email: string, firstName: string, lastName: string): Promise<{ id: number; username: string }> {
  const existing = await findByEmail(db, email);
  if (existing) {
    if (!existing.isActive) throw DomainError.field('non_field_errors', MESSAGES.inactive);
    return { id: existing.id, username: existing.username };
  }
  const domain = email.split('@').at(-1)!.toLowerCase();
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(sql`lower(${companies.domain}) = ${domain}`, eq(companies.allowSso, true)));
  if (!company) throw DomainError.field('non_field_errors', MESSAGES.noAccount);
  const [viewer] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Viewer'));
  const username = await freeUsername(db, email);
  const [row] = await db
    .insert(users)
    .values({ username, email, firstName, lastName, companyId: company.id, roleId: viewer?.id ?? null })
    .returning({ id: users.id, username: users.username });
  return row!;
}

/** The address itself, or the address with a number when someone already has it as a username. */
async function freeUsername(db: Db, email: string): Promise<string> {
  for (let n = 0; ; n++) {
    const candidate = n === 0 ? email : `${email}.${n}`;
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${candidate})`);
    if (!taken) return candidate;
  }
}
