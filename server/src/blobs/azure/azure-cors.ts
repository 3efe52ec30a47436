/**
 * CORS on the storage account, so a browser on the app's origin may PUT an upload straight to Azure
 * (and read the error code of a refusal). Set Blob Service Properties replaces the whole rule list,
 * and an account may be shared with other applications: so the account's other rules are kept and
 * only the rule for our origin is replaced. Azure allows at most five rules.
 */
import type { BlobServiceClient, CorsRule } from '@azure/storage-blob';

export const MAX_CORS_RULES = 5;

/** What an upload needs: the PUT with Azure's headers; the answer headers the client reads. */
export function uploadCorsRule(origin: string): CorsRule {
  return {
    allowedOrigins: origin,
    allowedMethods: 'PUT',
    allowedHeaders: 'x-ms-blob-type,x-ms-blob-content-type,x-ms-version,x-ms-date,x-ms-client-request-id,content-type,content-md5',
    exposedHeaders: 'x-ms-error-code,x-ms-request-id,etag,last-modified,content-md5',
    maxAgeInSeconds: 3600,
  };
}

/** The account's rules with ours for `origin` in place of any earlier rule for exactly that origin. */
export function mergeCorsRules(existing: readonly CorsRule[], origin: string): CorsRule[] {
  const others = existing.filter((rule) => rule.allowedOrigins.trim() !== origin);
  const merged = [...others, uploadCorsRule(origin)];
  if (merged.length > MAX_CORS_RULES) {
    throw new Error(
      `The storage account already has ${others.length} CORS rules for other origins; Azure allows ${MAX_CORS_RULES}. ` +
        "Remove one, or set AZURE_STORAGE_CORS=false and add a rule for the app's origin yourself.",
    );
  }
  return merged;
}

export async function applyUploadCors(service: BlobServiceClient, origin: string): Promise<void> {
  const properties = await service.getProperties();
  const wanted = mergeCorsRules(properties.cors ?? [], origin);
  const current = JSON.stringify(properties.cors ?? []);
  // Only write when something changes: every API process applies this at start-up.
  if (JSON.stringify(wanted) !== current) await service.setProperties({ cors: wanted });
}
