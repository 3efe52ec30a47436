/**
 * Runs once per `vitest run`: migrates one fresh PGlite and dumps its data directory to a file.
 * Each test file clones it (loadDataDir) instead of running initdb + migrations again.
 */
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openEmbedded } from '../src/db/database.ts';
import { seedEula, seedRoles } from '../src/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplatePath: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'canopy-pg-template-'));
  const database = await openEmbedded({});
  await database.migrate();
  await seedRoles(database.db);
  await seedEula(database.db);
  const path = join(dir, 'template.tar');
  writeFileSync(path, await database.pgliteThread!.dumpDataDir());
  await database.close();
  project.provide('pgTemplatePath', path);
  return () => rmSync(dir, { recursive: true, force: true });
}
