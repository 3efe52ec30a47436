/**
 * Path aliases shared by Vite, Vitest and tsconfig.base.json (keep the three in step). The web app
 * reaches the server only through the API contract, the @canopy/contract workspace package.
 */
import { fileURLToPath } from 'node:url';

const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const aliases = {
  '@engine': at('./engine'),
  '@machines': at('./machines'),
  '@src': at('./src'),
};
