/**
 * Configuration: read once at start-up from the environment and validated with zod.
 * An invalid value stops the process with a message naming the variable (see loadConfig).
 * Every variable is documented in the README's configuration table; keep the two in step.
 */
import { z } from 'zod';
import { resolve } from 'node:path';
import { ANALYSIS_TYPES } from '@canopy/contract/parameter-sets.ts';
import { AzureAccountError, azureAccount } from './blobs/azure/azure-account.ts';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const seconds = z.coerce.number().int().positive();

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Public origin used for absolute links (pagination, mails). Defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  /** Where the embedded database, blobs and outbox live. */
  DATA_DIR: z.string().min(1).default('.data'),
  /** When set, node-postgres against this server instead of embedded PGlite. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Seed the demo company, user and projects on first start. */
  SEED_DEMO: bool.default(true),
  /** With SEED_DEMO: also compute the demo's CFD wind scenario in the background (the longest demo job). */
  DEMO_CFD: bool.default(true),
  /** HMAC secret for tokens and signed URLs; generated and kept in DATA_DIR when unset. */
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_LIFETIME: seconds.default(300),
  REFRESH_TOKEN_LIFETIME: seconds.default(86400),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(200 * 1024 * 1024),
  BLOB_STORE: z.enum(['local', 'azure']).default('local'),
  /** BLOB_STORE=azure: the account, as a connection string with AccountName and AccountKey… */
  AZURE_STORAGE_CONNECTION_STRING: z.string().optional(),
  /** …or as an account name and key, with the blob endpoint when it is not https://{account}.blob.core.windows.net. */
  AZURE_STORAGE_ACCOUNT: z
    .string()
    .regex(/^[a-z0-9]{3,24}$/, 'must be 3 to 24 lower-case letters and digits')
    .optional(),
  AZURE_STORAGE_KEY: z.string().min(1).optional(),
  AZURE_STORAGE_BLOB_ENDPOINT: z.url().optional(),
  /** Put before Canopy's container names, so installations can share one account (e.g. "canopy-"). */
  AZURE_STORAGE_CONTAINER_PREFIX: z
    .string()
    .regex(/^(?:[a-z0-9][a-z0-9-]{0,19})?$/, 'must be at most 20 lower-case letters, digits and hyphens, starting with a letter or digit')
    .refine((v) => !v.includes('--'), 'must not contain two hyphens in a row')
    .default(''),
  /** Let BLOB_STORE=azure set the account's CORS rule for PUBLIC_URL's origin at start-up (browsers upload straight to it). */
  AZURE_STORAGE_CORS: bool.default(true),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Canopy <no-reply@canopy.local>'),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** Comma-separated list of redirect URIs the SSO flow may return to. */
  OIDC_REDIRECT_URIS: z.string().optional(),
  /**
   * Set when exactly one reverse proxy (load balancer) sits in front of the server: the client
   * address used by per-address rate limits is then the last X-Forwarded-For entry.
   */
  TRUST_PROXY: bool.default(false),
  /**
   * Strict-Transport-Security max-age in seconds, for installations served over HTTPS.
   * Unset: no header, so a plain-HTTP installation never pins browsers to HTTPS.
   */
  HSTS_MAX_AGE: z.coerce.number().int().min(0).optional(),
  HSTS_INCLUDE_SUBDOMAINS: bool.default(false),
  WEATHER_LIBRARY_DIR: z.string().optional(),
  /**
   * The online weather provider (docs/weather-providers.md): the EU JRC's PVGIS typical-year (TMY)
   * endpoint, which answers for any point on land. `off` turns it off, for air-gapped installations
   * that fill WEATHER_LIBRARY_DIR instead.
   */
  WEATHER_PVGIS_URL: z
    .string()
    .refine((v) => v === 'off' || /^https?:\/\/[^\s]+$/.test(v), 'must be an http(s) URL, or off')
    .default('https://re.jrc.ec.europa.eu/api/v5_3/tmy'),
  /** Seconds one request to an online weather provider may take (PVGIS builds a TMY in a few). */
  WEATHER_PROVIDER_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(30),
  /** Further attempts after a timeout, a dropped connection or a 429/5xx answer, with doubling waits. */
  WEATHER_PROVIDER_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  /** Largest answer read from an online weather provider (a PVGIS EPW is about 1.8 MB). */
  WEATHER_PROVIDER_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(8 * 1024 * 1024),
  /**
   * With an online provider on, a library station is preferred to it only within this distance of
   * the site: a measured station nearby beats reanalysis, a far one does not.
   */
  WEATHER_LIBRARY_PREFERRED_KM: z.coerce.number().min(0).max(1000).default(50),
  /** Run job workers inside the server process (embedded default). */
  EMBEDDED_WORKERS: bool.default(true),
  /** Directory of the built web app. */
  WEB_DIST_DIR: z.string().default('dist'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /**
   * Give every new company a starter subscription per job level Canopy computes analyses at
   * (contexts/accounts/operator/starter.ts). Unset: on for the embedded installation, off with DATABASE_URL.
   */
  STARTER_SUBSCRIPTION: bool.optional(),
  /** Credits per monthly period of each starter subscription. */
  STARTER_CREDITS: z.coerce.number().int().positive().max(1_000_000).default(200),
  /**
   * Analyses an external service computes and delivers through /api/ingestassets/…: comma-separated
   * analysis_type:ENGINE pairs (e.g. pedestrian_wind_comfort:AI,directional_wind:CFD). Only these
   * and Canopy's own computations are offered in the scenario wizard (contexts/scenarios/capabilities.ts).
   */
  EXTERNAL_ANALYSES: z
    .string()
    .regex(/^\s*[a-z_]+:(AI|CFD)\s*(,\s*[a-z_]+:(AI|CFD)\s*)*$/, 'must be comma-separated analysis_type:AI or analysis_type:CFD pairs')
    .refine((v) => v.split(',').every((pair) => (ANALYSIS_TYPES as readonly string[]).includes(pair.split(':')[0]!.trim())), {
      message: `analysis types are ${ANALYSIS_TYPES.join(', ')}`,
    })
    .optional(),
  /** The name the wizard gives the external service of EXTERNAL_ANALYSES. */
  EXTERNAL_PROVIDER_NAME: z.string().min(1).max(100).default('an external provider'),
  /**
   * Worker threads for heavy request work: images decoded for PDFs, uploaded result files, geometry
   * (jobs/heavy-work.ts). Unset: one per core beside the event loop's, at most two. 0 runs it on the
   * request thread (tests only; refused in production).
   */
  HEAVY_WORK_THREADS: z.coerce.number().int().min(0).max(64).optional(),
  /** Heavy tasks one user may have running or waiting at once; more are answered 429. */
  HEAVY_WORK_PER_USER: z.coerce.number().int().min(1).max(64).default(2),
  /** Heavy tasks of all users running or waiting at once; more are answered 503. */
  HEAVY_WORK_QUEUE: z.coerce.number().int().min(1).max(10_000).default(16),
  /**
   * Niceness of the threads analysis jobs compute on (CFD directions, analysis chunks): 19, the
   * lowest priority, so requests and password hashing come first (ADR 26). A machine that only runs
   * jobs may give them 0. Functional tests run them at 0, so other work on a busy machine does not
   * starve them.
   */
  JOB_THREAD_NICE: z.coerce.number().int().min(0).max(19).default(19),
  /**
   * Each company's limits unless the operator set its own (PATCH /api/operator/companies/{id}/limits):
   * analysis jobs running at once (more wait in the queue, the company's turn skipped), hours of
   * analysis compute a calendar month (UTC; past them no new scenario is approved, 429), and the
   * bytes its projects' uploads and imports may store (413 past them).
   */
  COMPANY_MAX_RUNNING_JOBS: z.coerce.number().int().min(1).max(10_000).default(8),
  COMPANY_MONTHLY_COMPUTE_HOURS: z.coerce.number().int().min(1).max(1_000_000).default(500),
  COMPANY_STORAGE_GB: z.coerce.number().positive().max(1_000_000).default(100),
  /** Worker threads one CFD wind direction steps on (contexts/compute/cfd/cfd-plan.ts). Unset: 1, or cores ÷ 8 above 15 cores. */
  CFD_THREADS: z.coerce.number().int().min(1).max(256).optional(),
  /** Seconds of wall time between checkpoints of a CFD direction (a killed worker resumes from the last). */
  CFD_CHECKPOINT_SECONDS: z.coerce.number().min(0).max(3600).default(60),
  /** Largest CFD grid accepted, in cells and in memory (GiB); bigger ones are refused at the cost step. */
  CFD_MAX_CELLS: z.coerce.number().int().min(1000).default(12_000_000),
  CFD_MAX_MEMORY_GB: z.coerce.number().positive().default(4),
  /**
   * Tests only: run every CFD direction for this many level-0 steps instead of the real schedule
   * (half spin-up, a quarter development, a quarter averaging). Refused in production.
   */
  CFD_TEST_STEPS: z.coerce.number().int().min(4).max(100_000).optional(),
  /** Tests only: the solver's lattice speed (default 0.08); far above 0.3 the flow diverges. Refused in production. */
  CFD_TEST_LATTICE_SPEED: z.coerce.number().positive().max(2).optional(),
  /**
   * The site map (docs/site-map.md): the raster tile URL template ({z}/{x}/{y}, optional {s}) the
   * browser loads, and the attribution its licence asks for. The default is the OpenStreetMap
   * Foundation's tile server, under its tile usage policy.
   */
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/, 'must be an http(s) URL template with {z}, {x} and {y}')
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z.string().min(1).max(300).default('© OpenStreetMap contributors'),
  /** A Nominatim-compatible geocoder's base URL (…/search?format=jsonv2 is asked); "off" hides place search. */
  GEOCODER_URL: z
    .string()
    .regex(/^(https?:\/\/\S+|off)$/, 'must be an http(s) URL or off')
    .default('https://nominatim.openstreetmap.org'),
  /** An Overpass API interpreter the surroundings are fetched from; "off" leaves only the .osm upload. */
  OVERPASS_URL: z
    .string()
    .regex(/^(https?:\/\/\S+|off)$/, 'must be an http(s) URL or off')
    .default('https://overpass-api.de/api/interpreter'),
  /** Seconds Overpass may take (sent as the query's [timeout:…]; Canopy gives up 5 s after). */
  OVERPASS_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(600).default(60),
  /** Largest Overpass answer read, in bytes (also sent as [maxsize:…]); past it the user is asked for a smaller radius. */
  OVERPASS_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(512 * 1024 * 1024)
    .default(32 * 1024 * 1024),
});

export type RawEnv = z.infer<typeof envSchema>;

export interface Config extends RawEnv {
  dataDir: string;
  webDistDir: string;
  publicUrl: string;
  databaseKind: 'pglite' | 'postgres';
  /** STARTER_SUBSCRIPTION with its default applied. */
  starterSubscription: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parse an environment; throws ConfigError whose lines each start with the variable's name. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset, as shells and .env files commonly leave them.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([key, value]) => key in envSchema.shape && value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`));
  }
  const raw = parsed.data;
  if (raw.BLOB_STORE === 'azure') {
    try {
      azureAccount(raw);
    } catch (error) {
      if (error instanceof AzureAccountError) throw new ConfigError([error.message]);
      throw error;
    }
  }
  if (raw.CFD_TEST_STEPS !== undefined && raw.NODE_ENV === 'production') {
    throw new ConfigError(['CFD_TEST_STEPS: a shortened CFD schedule is for tests only (NODE_ENV=production)']);
  }
  if (raw.CFD_TEST_LATTICE_SPEED !== undefined && raw.NODE_ENV === 'production') {
    throw new ConfigError(['CFD_TEST_LATTICE_SPEED: for tests only (NODE_ENV=production)']);
  }
  if (raw.HEAVY_WORK_THREADS === 0 && raw.NODE_ENV === 'production') {
    throw new ConfigError(['HEAVY_WORK_THREADS: 0 (heavy work on the request thread) is for tests only (NODE_ENV=production)']);
  }
  const oidcSet = [raw.OIDC_ISSUER, raw.OIDC_CLIENT_ID].filter(Boolean).length;
  if (oidcSet === 1) {
    throw new ConfigError(['OIDC_CLIENT_ID: OIDC_ISSUER and OIDC_CLIENT_ID must be set together']);
  }
  return {
    ...raw,
    dataDir: resolve(raw.DATA_DIR),
    webDistDir: resolve(raw.WEB_DIST_DIR),
    publicUrl: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ''),
    databaseKind: raw.DATABASE_URL ? 'postgres' : 'pglite',
    // A laptop install is one team that should start at once; a shared cluster is the operator's to provision.
    starterSubscription: raw.STARTER_SUBSCRIPTION ?? !raw.DATABASE_URL,
  };
}
