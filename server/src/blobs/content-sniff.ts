/**
 * What a file is, from its first bytes (and its size, which tells a binary STL apart). The type a
 * browser claims is not trusted: later features pick their parser by this format, and downloads
 * are served with this content type.
 *
 * Sources: STL binary layout (80-byte header, uint32 triangle count, 50 bytes a triangle); EPW's
 * first header line is LOCATION (EnergyPlus Auxiliary Programs, "Weather Converter"); glTF 2.0 §4.4
 * (magic "glTF", version 2); PDF, PNG, JPEG and ZIP magic numbers; OSM XML's root element <osm>.
 */

export type SniffedFormat =
  'stl-binary' | 'stl-ascii' | 'epw' | 'glb' | 'pdf' | 'png' | 'jpeg' | 'zip' | 'gzip' | 'osm-xml' | 'xml' | 'geojson' | 'json' | 'csv' | 'text' | 'binary';

export const CONTENT_TYPES: Record<SniffedFormat, string> = {
  'stl-binary': 'model/stl',
  'stl-ascii': 'model/stl',
  epw: 'text/x-epw',
  glb: 'model/gltf-binary',
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  zip: 'application/zip',
  gzip: 'application/gzip',
  'osm-xml': 'application/vnd.openstreetmap.data+xml',
  xml: 'application/xml',
  geojson: 'application/geo+json',
  json: 'application/json',
  csv: 'text/csv',
  text: 'text/plain',
  binary: 'application/octet-stream',
};

/** How many leading bytes sniffing needs. */
export const SNIFF_BYTES = 4096;

export interface Sniffed {
  format: SniffedFormat;
  contentType: string;
}

function startsWith(head: Uint8Array, ...bytes: number[]): boolean {
  return bytes.every((b, i) => head[i] === b);
}

/** Text when there is no NUL byte and the bytes decode as UTF-8 (a cut-off last character allowed). */
function asText(head: Uint8Array, complete: boolean): string | null {
  if (head.includes(0)) return null;
  let end = head.length;
  if (!complete) {
    // Step back over a multi-byte character the sniff window cut in two.
    let i = end - 1;
    while (i >= 0 && end - i <= 4 && (head[i]! & 0xc0) === 0x80) i--;
    if (i >= 0 && head[i]! >= 0xc0) end = i;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, end)).replace(/^\uFEFF/, '');
  } catch {
    return null;
  }
}

function isBinaryStl(head: Uint8Array, size: number): boolean {
  if (size < 84 || head.length < 84) return false;
  const triangles = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(80, true);
  return size === 84 + 50 * triangles;
}

function looksLikeCsv(text: string, complete: boolean): boolean {
  const lines = text.split(/\r?\n/);
  if (!complete) lines.pop(); // the last line may be cut short by the sniff window
  const rows = lines.filter((l) => l.trim() !== '').slice(0, 10);
  if (rows.length === 0) return false;
  const commas = rows.map((l) => l.split(',').length - 1);
  return commas[0]! > 0 && commas.every((n) => n === commas[0]);
}

function classifyText(text: string, complete: boolean): SniffedFormat {
  const trimmed = text.trimStart();
  if (/^LOCATION,/.test(trimmed)) return 'epw';
  if (/^solid\b/.test(trimmed) && /\bfacet\b|\bendsolid\b/.test(trimmed)) return 'stl-ascii';
  if (trimmed.startsWith('<')) {
    const root = /^(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<([A-Za-z_][\w.-]*)/.exec(trimmed);
    if (root?.[1] === 'osm') return 'osm-xml';
    if (root) return 'xml';
  }
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    return /"type"\s*:\s*"(FeatureCollection|Feature)"/.test(trimmed) ? 'geojson' : 'json';
  }
  if (looksLikeCsv(text, complete)) return 'csv';
  return 'text';
}

/** Classifies a file by its first bytes (`head`, up to SNIFF_BYTES) and its total `size`. */
export function sniffContent(head: Uint8Array, size: number): Sniffed {
  const format = sniffFormat(head, size);
  return { format, contentType: CONTENT_TYPES[format] };
}

function sniffFormat(head: Uint8Array, size: number): SniffedFormat {
  if (startsWith(head, 0x67, 0x6c, 0x54, 0x46)) return 'glb'; // "glTF"
  if (startsWith(head, 0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf'; // "%PDF-"
  if (startsWith(head, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (startsWith(head, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (startsWith(head, 0x50, 0x4b) && [0x0304, 0x0506, 0x0708].includes((head[2]! << 8) | head[3]!)) return 'zip';
  if (startsWith(head, 0x1f, 0x8b)) return 'gzip';
  // Before text: many exporters start a binary STL's header with "solid" too.
  if (isBinaryStl(head, size)) return 'stl-binary';
  const complete = head.length >= size;
  const text = asText(head, complete);
  if (text !== null && size > 0) return classifyText(text, complete);
  return 'binary';
}
