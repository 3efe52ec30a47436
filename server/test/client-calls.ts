/**
 * Reads the HTTP calls a client source file makes, without running it: every string or template
 * literal that starts with a server path (`/api/`, `/auth…`, `/socket/`, `/blobs/`) or with a local
 * path helper (`const base = (…) => \`/api/…\``), its `${…}` parts as `{}` path parameters, and the
 * methods written in the `method:` beside it. Used by server/src/http/client-calls.test.ts.
 */
export type ClientCall = {
  /** The path with `{}` for each interpolated part and no query string. */
  path: string;
  /** Methods named beside the call; GET when none is written; empty when it is a variable. */
  methods: string[];
  /** The literal is the start of a path (assigned, returned or concatenated), not a whole one. */
  prefix: boolean;
  file?: string;
};

const SERVER_PATH = /^\/(api\/|auth|socket\/|blobs\/)/;
const METHOD = /'(GET|POST|PUT|PATCH|DELETE)'|"(GET|POST|PUT|PATCH|DELETE)"/g;

type Literal = { start: number; end: number; body: string };

/** String and template literals of a source, in order; `${…}` kept verbatim inside templates. */
function literals(source: string): Literal[] {
  const out: Literal[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === '/' && source[i + 1] === '/') {
      i = source.indexOf('\n', i);
      if (i < 0) break;
      continue;
    }
    if (c === '/' && source[i + 1] === '*') {
      i = source.indexOf('*/', i + 2);
      if (i < 0) break;
      i += 2;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') {
      const start = i;
      let j = i + 1;
      let depth = 0;
      while (j < source.length) {
        const d = source[j]!;
        if (d === '\\') j += 2;
        else if (c === '`' && d === '$' && source[j + 1] === '{') {
          depth++;
          j += 2;
        } else if (c === '`' && depth > 0 && d === '}') {
          depth--;
          j++;
        } else if (d === c && depth === 0) break;
        else if (d === '\n' && c !== '`') break;
        else j++;
      }
      out.push({ start, end: j + 1, body: source.slice(start + 1, j) });
      i = j + 1;
      continue;
    }
    i++;
  }
  return out;
}

/** The text after a literal up to the end of the call it sits in (the first unmatched `)`). */
function restOfCall(source: string, from: number): string {
  let depth = 0;
  for (let i = from; i < source.length && i < from + 600; i++) {
    const c = source[i]!;
    if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') {
      if (depth === 0) return source.slice(from, i);
      depth--;
    } else if (c === ';' && depth === 0) return source.slice(from, i);
  }
  return source.slice(from, from + 600);
}

function methodsBeside(rest: string): string[] {
  const at = rest.search(/\bmethod\s*:/);
  if (at < 0) return ['GET'];
  const value = rest
    .slice(at)
    .replace(/^method\s*:/, '')
    .split(/,\s*(?![^(]*\))|\n/)[0]!;
  return [...value.matchAll(METHOD)].map((m) => m[1] ?? m[2]!);
}

export function clientCalls(source: string): ClientCall[] {
  const helpers = new Map<string, string>();
  const calls: ClientCall[] = [];
  for (const literal of literals(source)) {
    let body = literal.body;
    const helper = /^\$\{(\w+)\([^}]*\)\}/.exec(body);
    if (helper && helpers.has(helper[1]!)) body = helpers.get(helper[1]!)! + body.slice(helper[0].length);
    else if (!SERVER_PATH.test(body)) continue;
    const path = body.replace(/\$\{[^}]*\}/g, '{}').replace(/\?.*$/, '');
    const before = source.slice(Math.max(0, literal.start - 40), literal.start).trimEnd();
    const after = source.slice(literal.end).trimStart();
    const definition = /(\bconst|\blet)\s+(\w+)\s*=\s*\([^)]*\)\s*(?::\s*[\w<>[\]]+\s*)?=>$/.exec(before);
    if (definition) helpers.set(definition[2]!, path);
    const prefix = /(=|=>|\breturn)$/.test(before) || after.startsWith('+');
    calls.push({ path, methods: prefix ? ['GET'] : methodsBeside(restOfCall(source, literal.end)), prefix });
  }
  return calls;
}
