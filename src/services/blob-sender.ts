/**
 * PUTs one file to its signed blob URL with XMLHttpRequest — fetch cannot report upload progress
 * (API.md "Uploads") — reporting progress and the outcome as the upload machine's events. Returns
 * the abort the machine's cleanup calls on cancel. Sends Azure's headers, so an Azure account can
 * stand in for the embedded store.
 */
import type { SendInput, SenderEvent, UploadFailure } from '@machines/upload/upload.types.ts';
import { blobUrl } from '../api/uploads.ts';

/** Plain-words reasons for the blob endpoint's refusals (Azure error codes). */
export function blobFailure(status: number, errorCode: string | null, body: string): UploadFailure {
  if (status === 413) return { status, message: 'The file is larger than the server accepts.' };
  if (errorCode === 'AuthenticationFailed' && /time frame/.test(body)) {
    return { status, message: 'The upload link expired before the file was sent. Please try again.' };
  }
  if (status === 403) return { status, message: 'The server refused the upload link. Please try again.' };
  if (errorCode === 'InvalidResourceName') return { status, message: 'The server does not accept this file name.' };
  return { status, message: `The server could not store the file (HTTP ${status}${errorCode ? `, ${errorCode}` : ''}).` };
}

export type BlobSender = (input: SendInput, report: (event: SenderEvent) => void) => () => void;

export const sendWithXhr: BlobSender = ({ grant, blobName, file }, report) => {
  if (!(file instanceof Blob)) {
    report({ type: 'upload.error', failure: { message: 'Only files picked in the browser can be uploaded.', status: null } });
    return () => {};
  }
  const xhr = new XMLHttpRequest();
  let finished = false;
  xhr.open('PUT', blobUrl(grant, blobName));
  xhr.setRequestHeader('x-ms-blob-type', 'BlockBlob');
  xhr.setRequestHeader('x-ms-blob-content-type', file.type || 'application/octet-stream');
  xhr.upload.onprogress = (event) => {
    report({ type: 'upload.progress', loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
  };
  xhr.onload = () => {
    finished = true;
    if (xhr.status === 201 || xhr.status === 200) report({ type: 'upload.sent' });
    else report({ type: 'upload.error', failure: blobFailure(xhr.status, xhr.getResponseHeader('x-ms-error-code'), xhr.responseText) });
  };
  xhr.onerror = () => {
    finished = true;
    report({ type: 'upload.error', failure: { message: 'The connection to the server was lost.', status: null } });
  };
  xhr.send(file);
  return () => {
    if (!finished) xhr.abort();
  };
};
