/** The XMLHttpRequest sender: Azure's headers, progress and outcome as machine events, abort on cancel. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SenderEvent } from '@machines/upload/upload.types.ts';
import { blobFailure, sendWithXhr } from './blob-sender.ts';

class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  responseHeaders: Record<string, string> = {};
  aborted = false;
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name] ?? null;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
  }
}

afterEach(() => vi.unstubAllGlobals());

const grant = { container_url: 'http://localhost/blobs/project-assets', uuid: 'abc', sas_token: 'sv=1&sig=a%2Bb' };

function send(name = 'site plan.stl') {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  const events: SenderEvent[] = [];
  const file = new File([new Uint8Array(10)], name, { type: 'model/stl' });
  const abort = sendWithXhr({ grant, blobName: name, file }, (e) => events.push(e));
  return { xhr: FakeXhr.last, events, abort, file };
}

describe('sending bytes with XMLHttpRequest', () => {
  it('PUTs the file to {container_url}/{uuid}/{filename}?{sas_token} as a BlockBlob', () => {
    const { xhr, file } = send();
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('http://localhost/blobs/project-assets/abc/site%20plan.stl?sv=1&sig=a%2Bb');
    expect(xhr.headers).toEqual({ 'x-ms-blob-type': 'BlockBlob', 'x-ms-blob-content-type': 'model/stl' });
    expect(xhr.body).toBe(file);
  });

  it('reports progress, then sent on 201', () => {
    const { xhr, events } = send();
    xhr.upload.onprogress!({ loaded: 4, total: 10, lengthComputable: true });
    xhr.status = 201;
    xhr.onload!();
    expect(events).toEqual([{ type: 'upload.progress', loaded: 4, total: 10 }, { type: 'upload.sent' }]);
  });

  it('reports refusals and lost connections in words', () => {
    const refused = send();
    refused.xhr.status = 403;
    refused.xhr.responseHeaders['x-ms-error-code'] = 'AuthenticationFailed';
    refused.xhr.responseText =
      '<Error><Code>AuthenticationFailed</Code><Message>x</Message><AuthenticationErrorDetail>Signature not valid in the specified time frame</AuthenticationErrorDetail></Error>';
    refused.xhr.onload!();
    expect(refused.events).toEqual([
      { type: 'upload.error', failure: { status: 403, message: 'The upload link expired before the file was sent. Please try again.' } },
    ]);
    const lost = send();
    lost.xhr.onerror!();
    expect(lost.events).toEqual([{ type: 'upload.error', failure: { status: null, message: 'The connection to the server was lost.' } }]);
  });

  it('aborts the request on cancel, and not after it finished', () => {
    const running = send();
    running.abort();
    expect(running.xhr.aborted).toBe(true);
    const finished = send();
    finished.xhr.status = 201;
    finished.xhr.onload!();
    finished.abort();
    expect(finished.xhr.aborted).toBe(false);
  });

  it('names the usual Azure refusals', () => {
    expect(blobFailure(413, 'RequestBodyTooLarge', '').message).toBe('The file is larger than the server accepts.');
    expect(blobFailure(403, 'AuthorizationPermissionMismatch', '').message).toBe('The server refused the upload link. Please try again.');
    expect(blobFailure(400, 'InvalidResourceName', '').message).toBe('The server does not accept this file name.');
    expect(blobFailure(500, null, '').message).toBe('The server could not store the file (HTTP 500).');
  });
});
