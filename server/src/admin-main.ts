/**
 * `npm run admin -- <command>`: operator commands against the configured database (the embedded
 * one under DATA_DIR, or DATABASE_URL). The embedded database is one process's at a time, so stop
 * `npm start` first when it uses the same DATA_DIR. See admin/admin-cli.ts for the commands.
 */
import { loadConfig, ConfigError } from './env.ts';
import { openDatabase } from './db/database.ts';
import { DirectoryLockedError } from './db/directory-lock.ts';
import { seedEula, seedRoles } from './seed.ts';
import { runAdmin } from './admin/admin-cli.ts';
import { loadSecretKey } from './secret-key.ts';
import { openBlobStore } from './blobs/open-blob-store.ts';
import { systemClock } from './deps.ts';
import { VERSION } from './version.ts';

try {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  let code: number;
  try {
    // A fresh installation may have no tables yet: the command leaves it as `npm start` would.
    await database.migrate();
    await seedRoles(database.db);
    await seedEula(database.db);
    // export-project / import-project also need the blob store, opened only for them.
    const transfer = async () => ({
      config,
      clock: systemClock,
      version: VERSION,
      blobStore: await openBlobStore(config, await loadSecretKey(database.db, config.SECRET_KEY)),
    });
    code = await runAdmin(process.argv.slice(2), process.env, database.db, { out: console.log, err: console.error }, transfer);
  } finally {
    await database.close();
  }
  process.exit(code);
} catch (error) {
  if (error instanceof ConfigError || error instanceof DirectoryLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
