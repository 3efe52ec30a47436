/**
 * `npm run admin -- create-superuser`: run in-process over a test database, then the
 * account is used over HTTP; and once as the real command in a child process on a fresh data folder.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { login } from '../../test/auth-helpers.ts';
import { users } from '../db/schema/index.ts';
import { runAdmin } from './admin-cli.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ STARTER_SUBSCRIPTION: 'false' });
});
afterAll(() => t.close());

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
}

const PASSWORD = 'operator keeps the lights on';

async function countUsers(username: string): Promise<number> {
  return (
    await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
  ).length;
}

describe('create-superuser', () => {
  it('makes a superuser from flags who signs in and is seen as one over HTTP', async () => {
    const run = io();
    const code = await runAdmin(['create-superuser', '--username', 'ops', '--email', 'ops@example.test', '--password', PASSWORD], {}, t.database.db, run.io);
    expect(run.err).toEqual([]);
    expect(code).toBe(0);
    expect(run.out[0]).toMatch(/^Superuser "ops" created/);
    const { access } = await login(t, 'ops', PASSWORD);
    const me = (await (await t.request('/authusers/me/', { token: access })).json()) as Record<string, unknown>;
    expect(me).toMatchObject({ username: 'ops', is_superuser: true, company_id: null });
    // The seat is taken: a later sign-up is an ordinary account.
    const signUp = await t.request('/authusers/', {
      method: 'POST',
      json: { username: 'after.ops', email: 'after@example.test', password: 'wind tunnel at dawn' },
    });
    expect(await signUp.json()).toMatchObject({ is_superuser: false });
  });

  it('reads CANOPY_SUPERUSER_* when flags are left out', async () => {
    const run = io();
    const env = { CANOPY_SUPERUSER_USERNAME: 'ops2', CANOPY_SUPERUSER_EMAIL: 'ops2@example.test', CANOPY_SUPERUSER_PASSWORD: PASSWORD };
    expect(await runAdmin(['create-superuser'], env, t.database.db, run.io)).toBe(0);
    await login(t, 'ops2', PASSWORD);
  });

  it('refuses, naming the field, a taken username, a bad address and a weak password — and creates nothing', async () => {
    const run = io();
    const code = await runAdmin(['create-superuser', '--username', 'OPS', '--email', 'not-an-address', '--password', 'password'], {}, t.database.db, run.io);
    expect(code).toBe(1);
    expect(run.err).toEqual(['email: Enter a valid email address.']);
    const again = io();
    expect(
      await runAdmin(['create-superuser', '--username', 'OPS', '--email', 'new@example.test', '--password', 'password'], {}, t.database.db, again.io),
    ).toBe(1);
    expect(again.err).toEqual(['username: A user with that username already exists.', 'password: This password is too common.']);
    const missing = io();
    expect(await runAdmin(['create-superuser', '--username', 'nobody'], {}, t.database.db, missing.io)).toBe(1);
    expect(missing.err.map((l) => l.split(':')[0])).toEqual(['email', 'password']);
    expect(await countUsers('nobody')).toBe(0);
  });

  it('answers an unknown command or flag with the usage (exit 2)', async () => {
    const run = io();
    expect(await runAdmin(['make-coffee'], {}, t.database.db, run.io)).toBe(2);
    expect(run.err[0]).toContain('Usage: npm run admin -- create-superuser');
    expect(await runAdmin(['create-superuser', '--nope', 'x'], {}, t.database.db, io().io)).toBe(2);
  });
});

describe('npm run admin (the real command)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-admin-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const root = resolve(import.meta.dirname, '../../..');
  const exec = promisify(execFile);
  const run = (args: string[]) =>
    exec(process.execPath, ['--import', 'tsx', 'server/src/admin-main.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'false', CANOPY_SUPERUSER_PASSWORD: PASSWORD },
    });

  it('migrates a fresh data folder, creates the superuser, and refuses the same name the second time', async () => {
    const first = await run(['create-superuser', '--username', 'boss', '--email', 'boss@example.test']);
    expect(first.stdout).toMatch(/Superuser "boss" created/);
    const second = await run(['create-superuser', '--username', 'boss', '--email', 'boss2@example.test']).catch((e: { code: number; stderr: string }) => e);
    expect(second).toMatchObject({ code: 1, stderr: expect.stringContaining('username: A user with that username already exists.') });
  }, 120_000);
});
