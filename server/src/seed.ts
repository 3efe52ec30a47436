/**
 * Idempotent seed: the roles of SPEC §6 always; with SEED_DEMO, a demo company, a demo user and a
 * demo project (marked by projects.is_demo). Safe to run on every start.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './db/database.ts';
import { companies, eulas, projects, rolePermissions, roles, studies, users } from './db/schema/index.ts';
import { ROLES } from './contexts/accounts/roles.ts';
import { hashPassword } from './crypto/passwords.ts';
import { CURRENT_EULA } from './contexts/accounts/auth/eula-text.ts';
import { seedDemoCatalogue } from './db/seed-catalogue.ts';

export const DEMO = {
  companyName: 'Canopy Demo',
  username: 'demo',
  password: 'canopy-demo',
  email: 'demo@canopy.local',
  projectName: 'Demo district — Chicago',
} as const;

export async function seedRoles(db: Db): Promise<void> {
  for (const role of ROLES) {
    await db.insert(roles).values({ name: role.name, description: role.description }).onConflictDoNothing();
    const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, role.name));
    if (!row) continue;
    for (const permission of role.permissions) {
      await db.insert(rolePermissions).values({ roleId: row.id, permission }).onConflictDoNothing();
    }
  }
}

/** The current end-user agreement; every database has one, so sign-in can ask for it. */
export async function seedEula(db: Db): Promise<void> {
  await db
    .insert(eulas)
    .values({ version: CURRENT_EULA.version, title: CURRENT_EULA.title, body: CURRENT_EULA.body, publishedAt: CURRENT_EULA.publishedAt })
    .onConflictDoNothing();
}

export interface SeedResult {
  demoCreated: boolean;
}

/** The demo account and project, then (every start, idempotent) prices, service lines and a subscription. */
export async function seedDemo(db: Db): Promise<SeedResult> {
  const result = await seedDemoAccount(db);
  await seedDemoCatalogue(db, DEMO.username);
  return result;
}

async function seedDemoAccount(db: Db): Promise<SeedResult> {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${DEMO.username}`);
  if (existing.length > 0) return { demoCreated: false };
  const passwordHash = await hashPassword(DEMO.password);
  return db.transaction(async (tx) => {
    const [company] = await tx.insert(companies).values({ name: DEMO.companyName }).returning({ id: companies.id });
    const [manager] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Project Manager'));
    const [user] = await tx
      .insert(users)
      .values({
        username: DEMO.username,
        email: DEMO.email,
        passwordHash,
        firstName: 'Demo',
        lastName: 'User',
        companyId: company!.id,
        roleId: manager?.id ?? null,
      })
      .returning({ id: users.id });
    const demoProjects = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.isDemo, true)));
    if (demoProjects.length === 0) {
      const [project] = await tx
        .insert(projects)
        .values({
          name: DEMO.projectName,
          location: 'Chicago, IL, USA',
          latitude: 41.98,
          longitude: -87.92,
          referenceId: 'DEMO-001',
          companyId: company!.id,
          createdBy: user!.id,
          isDemo: true,
        })
        .returning({ id: projects.id });
      await tx.insert(studies).values({ projectId: project!.id, name: 'Study 1' });
    }
    return { demoCreated: true };
  });
}
