/**
 * POST /api/project/{id}/geometry-import: an uploaded OBJ, glTF/GLB, IFC or 3DM model (or an STL
 * in other units or Y-up) read into a binary STL geometry file in metres, Z-up, north +Y. The
 * units and up-axis are asked only where the file does not state them (OBJ, STL); the answer says
 * which were used and where they came from, and the model's extent, so the user can check it.
 */
import { z } from '@hono/zod-openapi';
import { LENGTH_UNITS } from '@canopy/engine/geometry/import/units.ts';
import { choice, idField } from './common.ts';

export const ModelImportRequestSchema = z
  .object({
    /** The uploaded model (an asset upload of this project). */
    upload_id: idField(),
    /** The unit the model was drawn in; required for OBJ and STL, ignored where the file states one. */
    units: choice(LENGTH_UNITS).optional(),
    /** Which axis is up in the model; asked for OBJ and STL (default z), fixed by the other formats. */
    up_axis: choice(['z', 'y'] as const).optional(),
  })
  .openapi('ModelImportRequest');
export type ModelImportRequest = z.input<typeof ModelImportRequestSchema>;

export const ModelImportResultSchema = z
  .object({
    source_upload_id: z.number().int(),
    /** The new binary STL upload, usable as any geometry file. */
    upload_id: z.number().int(),
    filename: z.string(),
    size: z.number().int(),
    triangles: z.number().int(),
    metres_per_unit: z.number(),
    units_from: z.enum(['file', 'user']),
    up_axis: z.enum(['z', 'y']),
    up_axis_from: z.enum(['format', 'user']),
    /** The model's extent in metres after import: [min x, min y, min z, max x, max y, max z]. */
    bounds_m: z.array(z.number()).length(6),
  })
  .openapi('ModelImportResult');
export type ModelImportResult = z.infer<typeof ModelImportResultSchema>;
