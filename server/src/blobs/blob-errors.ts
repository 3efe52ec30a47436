/**
 * Errors of the blob endpoint, answered the way Azure Blob Storage answers them (an XML <Error>
 * body, the code in x-ms-error-code, a request id), so a client or SDK written against Azure reads
 * them unchanged. The API's own routes keep DRF's JSON shapes; only /blobs/ speaks this dialect.
 */
import { SAS_VERSION } from './sas.ts';

export type BlobErrorStatus = 400 | 403 | 404 | 411 | 413 | 500;

const MESSAGES: Record<string, string> = {
  AuthenticationFailed: 'Server failed to authenticate the request. Make sure the value of Authorization header is formed correctly including the signature.',
  AuthorizationPermissionMismatch: 'This request is not authorized to perform this operation using this permission.',
  RequestBodyTooLarge: 'The request body is too large and exceeds the maximum permissible limit.',
  MissingRequiredHeader: "An HTTP header that's mandatory for this request is not specified.",
  InvalidHeaderValue: 'The value for one of the HTTP headers is not in the correct format.',
  InvalidResourceName: 'The specified resource name contains invalid characters.',
  ContainerNotFound: 'The specified container does not exist.',
  BlobNotFound: 'The specified blob does not exist.',
  IncompleteBody: 'The request body is incomplete: the connection ended before all bytes arrived.',
  ResourceNotFound: 'The specified resource does not exist.',
};

export class BlobServiceError extends Error {
  constructor(
    readonly status: BlobErrorStatus,
    readonly code: string,
    /** Extra elements of the <Error> body (AuthenticationErrorDetail, HeaderName, MaxLimit…). */
    readonly details: Record<string, string> = {},
  ) {
    super(MESSAGES[code] ?? code);
    this.name = 'BlobServiceError';
  }
}

function xmlEscape(text: string): string {
  return text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Azure-style headers every blob answer carries. */
export function blobHeaders(requestId: string, now: Date): Record<string, string> {
  return { 'x-ms-request-id': requestId, 'x-ms-version': SAS_VERSION, Date: now.toUTCString() };
}

export function blobErrorResponse(error: BlobServiceError, requestId: string, now: Date, options: { closeConnection?: boolean } = {}): Response {
  const extra = Object.entries(error.details)
    .map(([name, value]) => `<${name}>${xmlEscape(value)}</${name}>`)
    .join('');
  const body =
    '<?xml version="1.0" encoding="utf-8"?>' +
    `<Error><Code>${error.code}</Code><Message>${xmlEscape(error.message)}\nRequestId:${requestId}\nTime:${now.toISOString()}</Message>${extra}</Error>`;
  const headers: Record<string, string> = {
    ...blobHeaders(requestId, now),
    'Content-Type': 'application/xml',
    'x-ms-error-code': error.code,
  };
  // The body was not read (refused up front): closing is cheaper than draining up to 200 MB.
  if (options.closeConnection) headers.Connection = 'close';
  return new Response(body, { status: error.status, headers });
}
