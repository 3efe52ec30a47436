/** Projects and their studies: the list (tabs, search, ordering), detail, create and update. */
import { z } from '@hono/zod-openapi';
import { flag, PageQuery, UserRefSchema, choice, optionalText, paginated, text } from './common.ts';
import { ParameterSetSchema } from './parameter-sets.ts';
import { ProjectFileSchema } from './project-files.ts';
import { MetSourceSchema } from './weather.ts';
import { OVERPASS_MAX_RADIUS_M } from './surrounds.ts';

export const PROJECT_TABS = ['all', 'favorites', 'demos', 'shared'] as const;
export const PROJECT_ORDERINGS = ['name', '-name', 'created', '-created'] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number];
export type ProjectOrdering = (typeof PROJECT_ORDERINGS)[number];

export const ProjectListQuery = PageQuery.extend({
  search: z.string().max(200, 'Ensure this field has no more than 200 characters.').optional().openapi({
    description: 'Matches name, location and reference id (case-insensitive, anywhere), or the project id exactly',
  }),
  tab: choice(PROJECT_TABS).optional().openapi({ description: 'all (default), favorites, demos, shared (shared with me, accepted)' }),
  ordering: choice(PROJECT_ORDERINGS).optional().openapi({ description: 'Default -created' }),
});

const number = () => z.number({ error: (i) => (i.input === undefined ? undefined : 'A valid number is required.') });
const latitude = () => number().min(-90, 'Ensure this value is greater than or equal to -90.').max(90, 'Ensure this value is less than or equal to 90.');
const longitude = () => number().min(-180, 'Ensure this value is greater than or equal to -180.').max(180, 'Ensure this value is less than or equal to 180.');

const editable = {
  name: text(200),
  location: optionalText(300),
  latitude: latitude().nullable().optional(),
  longitude: longitude().nullable().optional(),
  reference_id: optionalText(100),
  fetch_met: flag().optional().openapi({ description: 'Fetch meteorological data for the location' }),
};

export const ProjectCreateSchema = z
  .object({
    ...editable,
    generateSurrounds: flag().optional().openapi({ description: 'Generate the surrounds from map data (stored for the site capability)' }),
    surrounds_radius_m: number()
      .gt(0, 'Ensure this value is greater than 0.')
      .max(OVERPASS_MAX_RADIUS_M, `At most ${OVERPASS_MAX_RADIUS_M} m is fetched from OpenStreetMap at once; choose a smaller radius.`)
      .optional()
      .openapi({
        description:
          'With generateSurrounds and coordinates: the buildings within this radius are fetched from OpenStreetMap (the Overpass API) once the project exists. Without it, the first map file uploaded to the project is used.',
      }),
  })
  .openapi('ProjectCreate');

export const ProjectUpdateSchema = z
  .object({ ...editable, name: editable.name.optional() })
  .openapi('ProjectUpdate', { description: 'Every field optional; latitude and longitude must end up both set or both empty.' });

export const StudySummarySchema = z.object({ id: z.number().int(), name: z.string() }).openapi('StudySummary');

export const SimulationLabelSchema = z.object({ id: z.number().int(), category: z.string() }).openapi('SimulationLabel');

export const StudySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    created: z.string(),
    /** Empty until the insights, images and reports capabilities land. */
    insights: z.array(z.record(z.string(), z.unknown())),
    study_images: z.array(z.record(z.string(), z.unknown())),
    reports: z.array(z.record(z.string(), z.unknown())),
    simulation_labels: z.array(SimulationLabelSchema).openapi({ description: "One per simulation of the study's scenarios, to group them by category" }),
    IsRWDIProject: z.boolean().openapi({ description: 'The project is owned by or shared (accepted) with a consulting company (is_rwdi)' }),
    reviewed_by: z
      .string()
      .nullable()
      .openapi({ description: "The consulting reviewer's name, for the 'reviewed by' button; null when not a consulting project" }),
  })
  .openapi('Study');

const summaryFields = {
  id: z.number().int(),
  name: z.string(),
  location: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  reference_id: z.string(),
  company_id: z.number().int().nullable(),
  is_demo: z.boolean(),
  is_favorite: z.boolean(),
  fetch_met: z.boolean(),
  met_error: z.string().nullable(),
  generate_surrounds: z.boolean(),
  /** Why the surroundings asked for at creation could not be fetched from OpenStreetMap (and what to do), until some are made. */
  surrounds_error: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
};

export const ProjectSummarySchema = z.object({ ...summaryFields, studies: z.array(StudySummarySchema) }).openapi('ProjectSummary');

export const ProjectSchema = z
  .object({
    ...summaryFields,
    studies: z.array(StudySchema),
    met_sources: z.array(MetSourceSchema).openapi({ description: 'The weather stations the project uses (SPEC §3), oldest first' }),
    parameter_sets: z.array(ParameterSetSchema),
    project_files: z.array(ProjectFileSchema),
    /** The project's surroundings from OpenStreetMap (full detail at surrounds/), or null before any were generated. */
    surrounds: z.object({ building_count: z.number().int(), created_at: z.string() }).nullable(),
    created_by: UserRefSchema.nullable(),
    can_change: z.boolean().openapi({ description: 'Whether the signed-in user may change the project (the server still checks)' }),
  })
  .openapi('Project');

export const ProjectPageSchema = paginated(ProjectSummarySchema, 'ProjectPage');

export const FavoriteSchema = z.object({ project_id: z.number().int(), is_favorite: z.boolean() }).openapi('Favorite');

export type ProjectListQuery = z.infer<typeof ProjectListQuery>;
export type ProjectCreate = z.infer<typeof ProjectCreateSchema>;
export type ProjectUpdate = z.infer<typeof ProjectUpdateSchema>;
export type StudySummary = z.infer<typeof StudySummarySchema>;
export type SimulationLabel = z.infer<typeof SimulationLabelSchema>;
export type Study = z.infer<typeof StudySchema>;
export type ProjectSummary = z.infer<typeof ProjectSummarySchema>;
export type Project = z.infer<typeof ProjectSchema>;
export type ProjectPage = z.infer<typeof ProjectPageSchema>;
export type Favorite = z.infer<typeof FavoriteSchema>;
