/**
 * An external service's answer read as text, never more than a stated number of bytes: refused
 * before a byte is read when the declared length is over, and as soon as the bytes read pass it
 * otherwise, so what another server sends cannot grow this one's memory. The caller says how a
 * too-large answer is reported (its own error and words).
 */
export async function readBoundedText(response: Response, maxBytes: number, tooLarge: (declaredBytes: number | null) => Error): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (response.headers.has('content-length') && Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge(declared);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge(null);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
