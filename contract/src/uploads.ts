/**
 * The upload API's shapes (API.md "Uploads"), one zod schema each: validation, the OpenAPI
 * document, and — through type-only imports — the web client's types (src/api/uploads.ts).
 */
import { z } from '@hono/zod-openapi';

export const UploadUrlSchema = z
  .object({
    container_url: z.string().openapi({ example: 'http://localhost:8080/blobs/project-assets' }),
    uuid: z.string().openapi({ example: '0b9f7c1e-3a4d-4f43-9c0f-6f4e8d1a2b3c' }),
    sas_token: z.string().openapi({ example: 'sv=2024-11-04&sp=cw&se=2026-01-01T10%3A00%3A00Z&sr=d&sdd=1&spr=https%2Chttp&sdir=…&sig=…' }),
  })
  .openapi('UploadUrl', {
    description: 'PUT each file to `{container_url}/{uuid}/{filename}?{sas_token}` with `x-ms-blob-type: BlockBlob` within one hour.',
  });

export const UPLOAD_KIND_VALUES = ['asset', 'project-asset'] as const;

export const UploadSchema = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    kind: z.enum(UPLOAD_KIND_VALUES),
    container: z.enum(['assets', 'project-assets']),
    filename: z.string(),
    size: z.number().int().openapi({ description: 'Bytes' }),
    sha256: z.string().openapi({ description: 'Hex SHA-256 of the stored bytes' }),
    content_type: z.string().openapi({ description: 'Sniffed from the bytes, not taken from the client' }),
    format: z
      .string()
      .openapi({ example: 'stl-binary', description: 'stl-binary, stl-ascii, epw, glb, csv, pdf, png, jpeg, zip, osm-xml, json, geojson, xml, text, binary…' }),
    uploaded_by: z.number().int().nullable(),
    uploaded_by_username: z.string().nullable(),
    uploaded_at: z.string(),
    download_url: z.string(),
  })
  .openapi('Upload');

export const UploadPageSchema = z
  .object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(UploadSchema),
  })
  .openapi('UploadPage');

export const UploadListQuerySchema = z.object({
  page: z.string().optional(),
  page_size: z.string().optional(),
  uuid: z.uuid({ error: 'Must be a valid UUID.' }).optional().openapi({ description: 'Only the files sent with this upload URL' }),
  kind: z.enum(UPLOAD_KIND_VALUES).optional(),
});

export type UploadUrl = z.infer<typeof UploadUrlSchema>;
export type Upload = z.infer<typeof UploadSchema>;
export type UploadPage = z.infer<typeof UploadPageSchema>;
