/** Every table, for drizzle's relational queries and drizzle-kit. New aggregates add a file and a line here. */
export * from './accounts.ts';
export * from './projects.ts';
export * from './simulations.ts';
export * from './settings.ts';
export * from './auth.ts';
export * from './sharing.ts';
export * from './jobs.ts';
export * from './uploads.ts';
