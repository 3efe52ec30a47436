/**
 * `npm run admin -- export-project --id N --out FILE` and `import-project --file FILE --user U`:
 * the operator's way to move a project, with the same archive and checks as the HTTP
 * routes (services/project-transfer). The importing user (name or id) must belong to a company; unlike
 * the HTTP route, no subscription is asked for — the operator decides.
 */
import { createWriteStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema/index.ts';
import { DomainError } from '../kernel/domain-errors.ts';
import { exportProject, type TransferDeps } from '../contexts/transfer/export.ts';
import { importProjectArchive } from '../contexts/transfer/import.ts';
import type { AdminIo } from './admin-cli.ts';

export type { TransferDeps };

export const PROJECT_TRANSFER_USAGE = [
  'npm run admin -- export-project --id PROJECT_ID --out FILE.zip',
  'npm run admin -- import-project --file FILE.zip --user USERNAME_OR_ID',
  '  Moves a project (records and blobs) between installations; see docs/scale-out.md "Moving a project".',
];

function parse(args: string[], options: Record<string, { type: 'string' }>, io: AdminIo, usage: string): Record<string, string | undefined> | null {
  try {
    return parseArgs({ args, options, strict: true }).values as Record<string, string | undefined>;
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    return null;
  }
}

function explain(error: unknown): string {
  if (error instanceof DomainError) return typeof error.body.detail === 'string' ? error.body.detail : JSON.stringify(error.body);
  return error instanceof Error ? error.message : String(error);
}

export async function exportProjectCommand(args: string[], db: Db, io: AdminIo, deps: TransferDeps, usage: string): Promise<number> {
  const flags = parse(args, { id: { type: 'string' }, out: { type: 'string' } }, io, usage);
  if (!flags) return 2;
  const id = Number(flags.id);
  if (!Number.isSafeInteger(id) || id <= 0 || !flags.out) {
    io.err(`export-project needs --id (a project id) and --out (a file).\n\n${usage}`);
    return 2;
  }
  try {
    const archive = await exportProject(deps, db, null, id);
    await pipeline(archive.stream, createWriteStream(flags.out));
  } catch (error) {
    io.err(`Project ${id} was not exported: ${error instanceof DomainError && error.kind === 'not-found' ? 'there is no such project.' : explain(error)}`);
    return 1;
  }
  io.out(`Project ${id} exported to ${flags.out}.`);
  return 0;
}

export async function importProjectCommand(args: string[], db: Db, io: AdminIo, deps: TransferDeps, usage: string): Promise<number> {
  const flags = parse(args, { file: { type: 'string' }, user: { type: 'string' } }, io, usage);
  if (!flags) return 2;
  if (!flags.file || !flags.user) {
    io.err(`import-project needs --file (an exported zip) and --user (who will own the project).\n\n${usage}`);
    return 2;
  }
  const asId = /^\d+$/.test(flags.user) ? Number(flags.user) : -1;
  const [user] = await db
    .select({ id: users.id, companyId: users.companyId, username: users.username })
    .from(users)
    .where(or(eq(users.id, asId), sql`lower(${users.username}) = lower(${flags.user})`));
  if (!user) {
    io.err(`There is no user "${flags.user}".`);
    return 1;
  }
  if (user.companyId === null) {
    io.err(`The user "${user.username}" belongs to no company: the project is created in the user's company.`);
    return 1;
  }
  try {
    await access(flags.file);
  } catch {
    io.err(`There is no file ${flags.file}.`);
    return 1;
  }
  try {
    const result = await importProjectArchive(deps, db, flags.file, { user });
    io.out(`Imported "${result.name}" as project ${result.id} of ${user.username} (${result.blobs} blobs, ${result.bytes} bytes).`);
    return 0;
  } catch (error) {
    io.err(`Nothing was imported: ${explain(error)}`);
    return 1;
  }
}
