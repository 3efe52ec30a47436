/** Every table, for drizzle's relational queries and drizzle-kit. New aggregates add a file and a line here. */
export * from './accounts.ts';
export * from './projects.ts';
export * from './simulations.ts';
export * from './settings.ts';
export * from './auth.ts';
export * from './sharing.ts';
export * from './jobs.ts';
export * from './uploads.ts';
export * from './favorites.ts';
export * from './notifications.ts';
export * from './invites.ts';
export * from './share-groups.ts';
export * from './subscriptions.ts';
export * from './prices.ts';
export * from './service-lines.ts';
export * from './parameter-sets.ts';
export * from './project-files.ts';
