/**
 * A Canopy server in its own process for the sign-in benchmark (signin.bench.ts): eight accounts
 * with passwords, TRUST_PROXY on so each account's client can come from its own address (the
 * per-address budget is not what is measured). Sends the URLs and accounts to its parent.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { startServer } from '../../../server/src/boot.ts';
import { hashPassword } from '../../../server/src/crypto/passwords.ts';
import { companies, roles, users } from '../../../server/src/db/schema/index.ts';

export interface SigninServer {
  healthUrl: string;
  signInUrl: string;
  accounts: Array<{ username: string; password: string }>;
}

export const ACCOUNTS = 8;

const dataDir = mkdtempSync(join(tmpdir(), 'canopy-bench-signin-'));
const server = await startServer(
  { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent', TRUST_PROXY: 'true', EMBEDDED_WORKERS: 'false' },
  () => {},
);
const db = server.deps.database.db;
const [company] = await db.insert(companies).values({ name: 'Bench Sign-in' }).returning({ id: companies.id });
const [engineer] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Engineer'));
const accounts = Array.from({ length: ACCOUNTS }, (_, i) => ({ username: `signer${i}`, password: `correct horse battery ${i}` }));
for (const [i, a] of accounts.entries()) {
  await db.insert(users).values({
    username: a.username,
    email: `signer${i}@example.test`,
    companyId: company!.id,
    roleId: engineer!.id,
    passwordHash: await hashPassword(a.password),
  });
}
const base = server.url.replace('localhost', '127.0.0.1');
const info: SigninServer = { healthUrl: `${base}/api/health`, signInUrl: `${base}/authjwt/create/`, accounts };
process.send?.(info);
const stop = async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('disconnect', () => void stop());
