/**
 * Path aliases shared by Vite, Vitest and tsconfig.base.json (keep the three in step). The engine
 * (@canopy/engine) and the API contract (@canopy/contract) are workspace packages, imported by name
 * everywhere; the web app reaches the server only through the contract.
 */
import { fileURLToPath } from 'node:url';

const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const aliases = {
  '@machines': at('./machines'),
  '@src': at('./src'),
};
