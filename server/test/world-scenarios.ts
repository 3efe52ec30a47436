/**
 * The scenarios' part of the authorization world: real STL uploads (a building, a ground
 * sheet and a presentation plane, sent through the upload mechanism), a draft scenario built from
 * them through the service, and one scenario per role to delete.
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../src/deps.ts';
import type { AuthUser } from '../src/kernel/auth-user.ts';
import { users } from '../src/db/schema/index.ts';
import { CreateConfigurationSchema, type CreateConfiguration } from '@canopy/contract/scenarios.ts';
import { createScenario } from '../src/contexts/scenarios/configurations.ts';
import { requestValidation } from '../src/contexts/scenarios/validation.ts';
import { boxSoup, groundSheet } from '@canopy/engine/geometry/mesh/test-meshes.ts';
import { writeBinaryStl } from '@canopy/engine/geometry/stl/writer.ts';
import { seedPriceTables } from '../src/db/seed-catalogue.ts';
import { grantUpload, storeUpload } from './world-uploads.ts';
import type { MatrixRole } from './world.ts';

export interface WorldScenarios {
  uploads: { study: number; ground: number; plane: number };
  /** A draft solar scenario of the world's project. */
  configurationId: number;
  simulationId: number;
  /** A second scenario with a (queued, never run) geometry validation record. */
  validation: { configurationId: number; simulationId: number; validationId: number };
  /** One scenario per role for DELETE. */
  toDelete: Record<MatrixRole, number>;
  /** A valid create body for the world's project. */
  createBody: CreateConfiguration;
}

/** Sends `bytes` as `filename` through a signed upload URL of the project (container 'assets'). */
export async function uploadFile(deps: AppDeps, projectId: number, userId: number, filename: string, bytes: Uint8Array): Promise<number> {
  const grant = await grantUpload(deps, projectId, userId, 'assets');
  const upload = await storeUpload(deps, grant, filename, bytes);
  return upload.id;
}

/** A 10 m building reaching 1 m into the ground, a 100 m ground sheet and a plane 1.5 m above it. */
export const TEST_GEOMETRY = {
  study: () => writeBinaryStl(boxSoup(0, 0, -1, 10, 10, 9)),
  ground: () => writeBinaryStl(groundSheet(-50, -50, 50, 50, 0, 4)),
  plane: () => writeBinaryStl(groundSheet(-20, -20, 30, 30, 1.5, 10)),
};

export async function uploadTestGeometry(deps: AppDeps, projectId: number, userId: number) {
  return {
    study: await uploadFile(deps, projectId, userId, 'tower.stl', TEST_GEOMETRY.study()),
    ground: await uploadFile(deps, projectId, userId, 'ground.stl', TEST_GEOMETRY.ground()),
    plane: await uploadFile(deps, projectId, userId, 'plane.stl', TEST_GEOMETRY.plane()),
  };
}

export function solarScenarioBody(name: string, uploads: { study: number; ground: number; plane: number }): CreateConfiguration {
  return {
    name,
    // Canopy offers solar once, at the level of its real method (contexts/scenarios/capabilities.ts).
    engine: 'CFD',
    analyses: [{ analysis_type: 'solar', metrics: ['sun_hours'] }],
    geometry: { study: [uploads.study], ground: [uploads.ground], presentation_planes: [uploads.plane] },
    seasons: ['annual', 'summer'],
    times: ['08:00-18:00'],
    wind_directions: 16,
    single_date: '2025-06-21',
    single_day_hours: '06:00-20:00',
    minutes_interval: 60,
    terms_accepted: true,
  };
}

export async function actingUser(deps: AppDeps, userId: number): Promise<AuthUser> {
  const [row] = await deps.database.db
    .select({ id: users.id, username: users.username, email: users.email, companyId: users.companyId, roleId: users.roleId, isSuperuser: users.isSuperuser })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

export async function buildWorldScenarios(deps: AppDeps, projectId: number, ownerId: number, roles: readonly MatrixRole[]): Promise<WorldScenarios> {
  const db = deps.database.db;
  // The sample price list of a fresh install: which analyses each engine offers, and their credits.
  await seedPriceTables(db);
  const owner = await actingUser(deps, ownerId);
  const uploads = await uploadTestGeometry(deps, projectId, ownerId);
  const make = (name: string) => createScenario(deps, db, owner, projectId, CreateConfigurationSchema.parse(solarScenarioBody(name, uploads)));
  const main = await make('World scenario');
  const validated = await make('Validated scenario');
  const record = await requestValidation(
    deps,
    db,
    owner,
    { projectId, configurationId: validated.id },
    { scenario_id: validated.id, simulation_id: validated.simulations[0]!.id, simulation_type: 'solar' },
  );
  const validation = { configurationId: validated.id, simulationId: validated.simulations[0]!.id, validationId: record.id };
  const toDelete = {} as Record<MatrixRole, number>;
  for (const role of roles) toDelete[role] = (await make(`To delete (${role})`)).id;
  return {
    uploads,
    configurationId: main.id,
    simulationId: main.simulations[0]!.id,
    validation,
    toDelete,
    createBody: solarScenarioBody('Matrix scenario', uploads),
  };
}
