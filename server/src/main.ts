/** `npm run serve`: the HTTP server. Exits with a readable message on bad configuration. */
import { startServer, PortInUseError } from './boot.ts';
import { ConfigError } from './env.ts';
import { DirectoryLockedError } from './db/directory-lock.ts';

try {
  const running = await startServer();
  const shutdown = async (signal: string) => {
    console.log(`${signal} received: closing the server and the database.`);
    await running.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
} catch (error) {
  if (error instanceof ConfigError || error instanceof PortInUseError || error instanceof DirectoryLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
