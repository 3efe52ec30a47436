/**
 * Project export / import: one zip holds a project's records and the blobs they point
 * at, to move a project between installations or from the embedded database to a server.
 * The archive's layout is documented in docs/scale-out.md ("Moving a project").
 */
import { z } from '@hono/zod-openapi';

/** The archive format this installation writes and the only one it reads. */
export const PROJECT_ARCHIVE_FORMAT = 'canopy-project/1';

/**
 * The largest archive POST /api/project-import/ accepts (bytes). The body is streamed to a temporary
 * file and counted as it arrives, never held in memory; past this it is refused with 413.
 */
export const PROJECT_IMPORT_MAX_BYTES = 4 * 1024 * 1024 * 1024;

export const ProjectImportResultSchema = z
  .object({
    id: z.number().int().openapi({ description: 'The new project (in the caller’s company, created by the caller)' }),
    name: z.string(),
    records: z.record(z.string(), z.number().int()).openapi({ description: 'Rows written per table' }),
    blobs: z.number().int().openapi({ description: 'Blobs written to the store' }),
    bytes: z.number().int().openapi({ description: 'Bytes of those blobs' }),
  })
  .openapi('ProjectImportResult');
export type ProjectImportResult = z.infer<typeof ProjectImportResultSchema>;
