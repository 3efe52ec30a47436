/**
 * The operator's command line (`npm run admin -- <command> [flags]`), kept apart from the process
 * set-up (admin-main.ts) so tests run it over their own database. Values come from flags, else
 * from CANOPY_SUPERUSER_* variables, so it runs unattended (containers, CI) without a prompt.
 */
import { parseArgs } from 'node:util';
import type { Db } from '../db/database.ts';
import { createSuperuser } from '../contexts/accounts/operator/create-superuser.ts';
import { exportProjectCommand, importProjectCommand, PROJECT_TRANSFER_USAGE, type TransferDeps } from './project-transfer-cli.ts';

export const ADMIN_USAGE = [
  'Usage: npm run admin -- create-superuser --username NAME --email ADDRESS --password PASSWORD',
  '',
  'Flags may be left out when CANOPY_SUPERUSER_USERNAME, CANOPY_SUPERUSER_EMAIL and',
  'CANOPY_SUPERUSER_PASSWORD are set (the environment keeps the password out of the shell history).',
  '',
  ...PROJECT_TRANSFER_USAGE,
].join('\n');

export interface AdminIo {
  out(line: string): void;
  err(line: string): void;
}

/** Runs one command; resolves with the process exit code (0 done, 1 refused, 2 usage). */
export async function runAdmin(
  argv: string[],
  env: Record<string, string | undefined>,
  db: Db,
  io: AdminIo,
  transfer?: () => Promise<TransferDeps> | TransferDeps,
): Promise<number> {
  const [command, ...rest] = argv;
  if ((command === 'export-project' || command === 'import-project') && transfer) {
    const run = command === 'export-project' ? exportProjectCommand : importProjectCommand;
    return run(rest, db, io, await transfer(), ADMIN_USAGE);
  }
  if (command !== 'create-superuser') {
    io.err(command ? `Unknown command "${command}".\n\n${ADMIN_USAGE}` : ADMIN_USAGE);
    return 2;
  }
  let flags: { username?: string; email?: string; password?: string };
  try {
    flags = parseArgs({
      args: rest,
      options: { username: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' } },
      strict: true,
    }).values;
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n\n${ADMIN_USAGE}`);
    return 2;
  }
  const result = await createSuperuser(db, {
    username: flags.username ?? env.CANOPY_SUPERUSER_USERNAME,
    email: flags.email ?? env.CANOPY_SUPERUSER_EMAIL,
    password: flags.password ?? env.CANOPY_SUPERUSER_PASSWORD,
  });
  if (!result.ok) {
    for (const [field, messages] of Object.entries(result.errors)) io.err(`${field}: ${messages.join(' ')}`);
    return 1;
  }
  io.out(`Superuser "${result.username}" created (id ${result.id}). Sign in and open Operator from the user menu.`);
  return 0;
}
