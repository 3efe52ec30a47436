/**
 * A URL whose path has a percent-escape that does not decode (`/%`, `/%zz`, a cut UTF-8 sequence)
 * names nothing: it is a 400 for the whole app, before routing, instead of a URIError wherever a
 * handler decodes its path. Callers test for '%' first, so ordinary requests pay nothing.
 */
export function malformedUrl(url: string): boolean {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const end = url.indexOf('?', start);
  const path = url.slice(start, end === -1 ? undefined : end);
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}
