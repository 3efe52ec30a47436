/**
 * `npm run dev:idp`: the local identity provider on a fixed port, with a client for Canopy's own
 * login page (the API server on 8080 and Vite on 5173) and a few accounts. It prints the OIDC_*
 * settings to start Canopy with.
 *
 * DEV_IDP_PORT (9400), DEV_IDP_REDIRECT_URIS (comma-separated) and DEV_IDP_ACCOUNTS
 * (comma-separated e-mail addresses, all verified) override the defaults.
 */
import { startDevIdp, type DevAccount } from './idp.ts';

const port = Number(process.env.DEV_IDP_PORT ?? 9400);
const redirectUris = (process.env.DEV_IDP_REDIRECT_URIS ?? 'http://localhost:8080/login/,http://localhost:5173/login/')
  .split(',')
  .map((uri) => uri.trim())
  .filter(Boolean);
const defaultAccounts: DevAccount[] = [
  // The seeded demo user's address: signs in as that account.
  { sub: 'demo', email: 'demo@canopy.local', email_verified: true, given_name: 'Demo', family_name: 'User' },
  // A new address: signs up only if a company has domain sso.canopy.local with allow_sso.
  { sub: 'engineer', email: 'engineer@sso.canopy.local', email_verified: true, given_name: 'Sam', family_name: 'Engineer' },
  { sub: 'unverified', email: 'unverified@sso.canopy.local', email_verified: false, given_name: 'Una', family_name: 'Verified' },
];
const accounts: DevAccount[] = process.env.DEV_IDP_ACCOUNTS
  ? process.env.DEV_IDP_ACCOUNTS.split(',').map((email, i) => ({ sub: `account-${i + 1}`, email: email.trim(), email_verified: true }))
  : defaultAccounts;

const idp = await startDevIdp({
  port,
  host: '127.0.0.1',
  publicHost: 'localhost',
  accounts,
  clients: [{ client_id: 'canopy-dev', client_secret: 'canopy-dev-secret', redirect_uris: redirectUris }],
});

console.log(`Local identity provider at ${idp.issuer} (development only).`);
console.log('Start Canopy with:');
console.log(`  OIDC_ISSUER=${idp.issuer} OIDC_CLIENT_ID=canopy-dev OIDC_CLIENT_SECRET=canopy-dev-secret OIDC_REDIRECT_URIS=${redirectUris.join(',')}`);
console.log(`Accounts: ${accounts.map((a) => a.email).join(', ')}`);

const stop = async () => {
  await idp.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
