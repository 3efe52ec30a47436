/**
 * save-project-file/: attaches a file already uploaded through the upload mechanism
 * (project-asset-upload-url/ → PUT) to the project, naming the upload by id or by its uuid and filename.
 */
import { z } from '@hono/zod-openapi';
import { idField, optionalText } from './common.ts';

export const SaveProjectFileSchema = z
  .object({
    upload_id: idField().optional(),
    uuid: z.uuid('Must be a valid UUID.').optional(),
    filename: z.string().min(1).max(255).optional(),
    /** Display name; defaults to the upload's filename. */
    name: optionalText(255),
    description: optionalText(2000),
  })
  .superRefine((v, ctx) => {
    if (v.upload_id === undefined && (v.uuid === undefined || v.filename === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['upload_id'], message: 'Give upload_id, or the uuid and filename of the upload.' });
    }
  })
  .openapi('SaveProjectFile');

export const ProjectFileSchema = z
  .object({
    id: z.number().int(),
    project_id: z.number().int(),
    upload_id: z.number().int(),
    name: z.string(),
    filename: z.string(),
    description: z.string(),
    size: z.number().int(),
    content_type: z.string(),
    format: z.string(),
    attached_by: z.number().int().nullable(),
    created: z.string(),
  })
  .openapi('ProjectFile');

export type SaveProjectFile = z.infer<typeof SaveProjectFileSchema>;
export type ProjectFile = z.infer<typeof ProjectFileSchema>;
