/**
 * A small, tolerant XML tokenizer — enough for OpenStreetMap extracts (XML 1.0 elements and
 * attributes; https://wiki.openstreetmap.org/wiki/OSM_XML) without a dependency. It walks the text
 * once and calls back for each start and end tag; text content, comments, processing instructions,
 * CDATA sections and the DOCTYPE are skipped.
 *
 * Tolerant of what real exports contain: either quote style, white space around `=`, the five
 * predefined entities and numeric character references (an unknown entity is kept as written),
 * a byte-order mark, trailing white space. Strict about what would silently lose data: an
 * unterminated tag, comment or attribute value, an end tag that does not match, an element left
 * open at the end, or a second root element — each is an XmlError with the line and column.
 */

export class XmlError extends Error {
  readonly line: number;
  readonly column: number;
  constructor(message: string, line: number, column: number) {
    super(`malformed XML at line ${line}, column ${column}: ${message}`);
    this.name = 'XmlError';
    this.line = line;
    this.column = column;
  }
}

export interface XmlHandler {
  start(name: string, attributes: Record<string, string>, selfClosing: boolean): void;
  end(name: string): void;
}

const NAME = /[A-Za-z_:][-A-Za-z0-9_:.]*/y;
const SPACE = /\s*/y;
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);/g, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[ref] ?? whole;
  });
}

export function tokenizeXml(text: string, handler: XmlHandler): void {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const length = source.length;
  const open: string[] = [];
  let rootClosed = false;
  let i = 0;

  // Line/column only when an error is raised: counting newlines on every tag would cost more than parsing.
  const fail = (message: string, at: number): never => {
    let line = 1;
    let lineStart = 0;
    for (let k = 0; k < at && k < length; k++) {
      if (source.charCodeAt(k) === 10) {
        line++;
        lineStart = k + 1;
      }
    }
    throw new XmlError(message, line, at - lineStart + 1);
  };

  const skipPast = (terminator: string, from: number, what: string): number => {
    const end = source.indexOf(terminator, from);
    if (end < 0) fail(`${what} is never closed (expected '${terminator}')`, from);
    return end + terminator.length;
  };

  while (i < length) {
    const lt = source.indexOf('<', i);
    if (lt < 0) {
      if (open.length === 0 && source.slice(i).trim() !== '') fail('text outside the root element', i);
      break;
    }
    // Text between tags is ignored, but non-space text outside the root is not XML.
    if (open.length === 0 && source.slice(i, lt).trim() !== '') fail('text outside the root element', i);
    const next = source.charCodeAt(lt + 1);
    if (source.startsWith('<!--', lt)) {
      i = skipPast('-->', lt + 4, 'a comment');
    } else if (source.startsWith('<![CDATA[', lt)) {
      i = skipPast(']]>', lt + 9, 'a CDATA section');
    } else if (next === 63 /* ? */) {
      i = skipPast('?>', lt + 2, 'a processing instruction');
    } else if (next === 33 /* ! */) {
      // <!DOCTYPE …> possibly with an internal subset in [ … ].
      const bracket = source.indexOf('[', lt);
      const close = source.indexOf('>', lt);
      if (close < 0) fail('a declaration is never closed', lt);
      i = bracket >= 0 && bracket < close ? skipPast('>', skipPast(']', bracket, 'a DOCTYPE subset'), 'a DOCTYPE') : close + 1;
    } else if (next === 47 /* / */) {
      NAME.lastIndex = lt + 2;
      const match = NAME.exec(source);
      if (!match) fail("an end tag without a name ('</' must be followed by a name)", lt);
      const name = match![0];
      const close = source.indexOf('>', NAME.lastIndex);
      if (close < 0 || source.slice(NAME.lastIndex, close).trim() !== '') fail(`the end tag </${name}> is not closed with '>'`, lt);
      const expected = open.pop();
      if (expected === undefined) fail(`the end tag </${name}> has no matching start tag`, lt);
      if (expected !== name) fail(`the end tag </${name}> does not match the open <${expected}>`, lt);
      handler.end(name);
      if (open.length === 0) rootClosed = true;
      i = close + 1;
    } else {
      NAME.lastIndex = lt + 1;
      const match = NAME.exec(source);
      if (!match) fail("'<' is not followed by a tag name (write &lt; in text)", lt);
      const name = match![0];
      if (rootClosed) fail(`<${name}> after the root element was closed (a document has one root)`, lt);
      let p = NAME.lastIndex;
      const attributes: Record<string, string> = {};
      let selfClosing = false;
      for (;;) {
        SPACE.lastIndex = p;
        SPACE.exec(source);
        p = SPACE.lastIndex;
        if (p >= length) fail(`the tag <${name}> is never closed`, lt);
        const c = source.charCodeAt(p);
        if (c === 62 /* > */) {
          p++;
          break;
        }
        if (c === 47 /* / */ && source.charCodeAt(p + 1) === 62) {
          selfClosing = true;
          p += 2;
          break;
        }
        NAME.lastIndex = p;
        const attribute = NAME.exec(source);
        if (!attribute) fail(`unexpected '${source[p]}' in the tag <${name}>`, p);
        p = NAME.lastIndex;
        SPACE.lastIndex = p;
        SPACE.exec(source);
        p = SPACE.lastIndex;
        if (source[p] !== '=') fail(`the attribute ${attribute![0]} of <${name}> has no value`, p);
        SPACE.lastIndex = p + 1;
        SPACE.exec(source);
        p = SPACE.lastIndex;
        const quote = source[p];
        if (quote !== '"' && quote !== "'") fail(`the value of ${attribute![0]} in <${name}> is not quoted`, p);
        const endQuote = source.indexOf(quote!, p + 1);
        if (endQuote < 0) fail(`the value of ${attribute![0]} in <${name}> is never closed`, p);
        const raw = source.slice(p + 1, endQuote);
        if (raw.includes('<')) fail(`the value of ${attribute![0]} in <${name}> contains '<' (a quote is probably missing)`, p);
        attributes[attribute![0]] = decodeEntities(raw);
        p = endQuote + 1;
      }
      handler.start(name, attributes, selfClosing);
      if (selfClosing) {
        handler.end(name);
        if (open.length === 0) rootClosed = true;
      } else {
        open.push(name);
      }
      i = p;
    }
  }
  if (open.length > 0) fail(`the element <${open[open.length - 1]}> is never closed (the file may be truncated)`, length);
  if (!rootClosed) fail('no root element: the file holds no XML elements', 0);
}
