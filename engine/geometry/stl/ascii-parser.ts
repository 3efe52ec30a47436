/**
 * Streaming ASCII STL, read as whitespace-separated tokens (so odd line breaks do not matter) with
 * the line of each token kept for error messages:
 *
 *   solid name
 *     facet normal nx ny nz
 *       outer loop
 *         vertex x y z   (exactly three)
 *       endloop
 *     endfacet
 *   endsolid name
 *
 * Several solids in one file are accepted and concatenated (some exporters write one per part).
 * Keywords are case-insensitive. A file that ends before its last "endsolid" is truncated.
 */
import { StlParseError, describeCoordinate } from './errors.ts';
import { FloatSink } from './float-sink.ts';
import type { ParsedTriangles } from './binary-parser.ts';

const enum State {
  ExpectSolid,
  InSolid,
  ExpectNormal,
  NormalNumbers,
  ExpectOuter,
  ExpectLoop,
  InLoop,
  VertexNumbers,
  ExpectEndfacet,
}

const EXPECTED: Record<State, string> = {
  [State.ExpectSolid]: "'solid'",
  [State.InSolid]: "'facet' or 'endsolid'",
  [State.ExpectNormal]: "'normal'",
  [State.NormalNumbers]: 'a normal component',
  [State.ExpectOuter]: "'outer'",
  [State.ExpectLoop]: "'loop'",
  [State.InLoop]: "'vertex' or 'endloop'",
  [State.VertexNumbers]: 'a vertex coordinate',
  [State.ExpectEndfacet]: "'endfacet'",
};

/** A decimal number as STL writers print it; rejects hex, underscores and other things Number() accepts. */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const MAX_TOKEN_CHARS = 4096;
const NON_FINITE_WORD = /^[+-]?(?:nan|inf|infinity)$/i;

function isKeyword(word: string, keyword: string): boolean {
  return word === keyword || (word.length === keyword.length && word.toLowerCase() === keyword);
}

function isSpace(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d);
}

export class AsciiStlParser {
  private readonly decoder = new TextDecoder('utf-8');
  private pending = '';
  private line = 1;
  private state = State.ExpectSolid;
  /** Tokens after 'solid' (the name) or 'endsolid' (ignored) until the end of the line. */
  private restOfLine: 'name' | 'skip' | undefined;
  private nameParts: string[] = [];
  private name = '';
  private solids = 0;
  private numberIndex = 0;
  private vertexIndex = 0;
  private triangles = 0;
  private readonly positions = new FloatSink(9 * 1024);
  private readonly normals = new FloatSink(3 * 1024);
  private readonly normal = [0, 0, 0];

  constructor(private readonly maxTriangles: number) {}

  push(chunk: Uint8Array): void {
    this.scan(this.pending + this.decoder.decode(chunk, { stream: true }), false);
  }

  end(): ParsedTriangles {
    this.scan(this.pending + this.decoder.decode(), true);
    this.endOfLine();
    if (this.solids === 0 && this.state === State.ExpectSolid) {
      throw new StlParseError('stl-empty-file', 'The file holds no STL data (no "solid" keyword).');
    }
    if (this.state !== State.ExpectSolid) {
      throw new StlParseError(
        'stl-truncated',
        `ASCII STL ends at line ${this.line} inside ${this.state === State.InSolid ? `solid ${this.solids + 1}` : `facet ${this.triangles}`}: expected ${EXPECTED[this.state]}.`,
        { line: this.line, completeTriangles: this.triangles },
      );
    }
    return {
      positions: this.positions.result(),
      normals: this.normals.result(),
      triangleCount: this.triangles,
      name: this.name,
    };
  }

  private scan(text: string, final: boolean): void {
    const length = text.length;
    let i = 0;
    for (;;) {
      while (i < length) {
        const code = text.charCodeAt(i);
        if (!isSpace(code)) break;
        if (code === 0x0a) {
          this.line++;
          this.endOfLine();
        }
        i++;
      }
      if (i >= length) {
        this.pending = '';
        return;
      }
      const start = i;
      while (i < length && !isSpace(text.charCodeAt(i))) i++;
      if (i === length && !final) {
        // The token may continue in the next chunk (bounded: no STL token is this long, and an
        // unbounded carry would make garbage input quadratic).
        if (length - start > MAX_TOKEN_CHARS) this.fail(`a ${length - start}-character token is not STL`);
        this.pending = text.slice(start);
        return;
      }
      this.token(text.slice(start, i));
    }
  }

  private endOfLine(): void {
    if (this.restOfLine === 'name' && this.name === '') this.name = this.nameParts.join(' ');
    this.restOfLine = undefined;
    this.nameParts = [];
  }

  private token(word: string): void {
    if (this.restOfLine !== undefined) {
      if (this.restOfLine === 'name') this.nameParts.push(word);
      return;
    }
    switch (this.state) {
      case State.ExpectSolid:
        if (!isKeyword(word, 'solid')) this.syntax(word);
        this.restOfLine = 'name';
        this.state = State.InSolid;
        return;
      case State.InSolid:
        if (isKeyword(word, 'facet')) this.state = State.ExpectNormal;
        else if (isKeyword(word, 'endsolid')) {
          this.solids++;
          this.restOfLine = 'skip';
          this.state = State.ExpectSolid;
        } else this.syntax(word);
        return;
      case State.ExpectNormal:
        if (!isKeyword(word, 'normal')) this.syntax(word);
        this.numberIndex = 0;
        this.state = State.NormalNumbers;
        return;
      case State.NormalNumbers: {
        const value = this.number(word, -1);
        this.normal[this.numberIndex++] = Number.isFinite(value) ? value : 0;
        if (this.numberIndex === 3) this.state = State.ExpectOuter;
        return;
      }
      case State.ExpectOuter:
        if (!isKeyword(word, 'outer')) this.syntax(word);
        this.state = State.ExpectLoop;
        return;
      case State.ExpectLoop:
        if (!isKeyword(word, 'loop')) this.syntax(word);
        this.vertexIndex = 0;
        this.state = State.InLoop;
        return;
      case State.InLoop:
        if (isKeyword(word, 'vertex')) {
          if (this.vertexIndex === 3) this.fail(`facet ${this.triangles} has more than three vertices`);
          this.numberIndex = 0;
          this.state = State.VertexNumbers;
        } else if (isKeyword(word, 'endloop')) {
          if (this.vertexIndex !== 3) this.fail(`facet ${this.triangles} has ${this.vertexIndex} vertices, not three`);
          this.state = State.ExpectEndfacet;
        } else this.syntax(word);
        return;
      case State.VertexNumbers: {
        const value = this.number(word, this.numberIndex);
        if (!Number.isFinite(value)) {
          throw new StlParseError(
            'stl-non-finite',
            `ASCII STL ${describeCoordinate(this.triangles, this.vertexIndex, this.numberIndex)} is '${word}' (line ${this.line}).`,
            { triangle: this.triangles, vertex: this.vertexIndex, axis: 'xyz'[this.numberIndex], line: this.line },
            [this.triangles],
          );
        }
        this.positions.reserve(1);
        this.positions.data[this.positions.length++] = value;
        if (++this.numberIndex === 3) {
          this.vertexIndex++;
          this.state = State.InLoop;
        }
        return;
      }
      case State.ExpectEndfacet:
        if (!isKeyword(word, 'endfacet')) this.syntax(word);
        this.normals.push3(this.normal[0], this.normal[1], this.normal[2]);
        if (++this.triangles > this.maxTriangles) {
          throw new StlParseError('stl-too-many-triangles', `The file has more than ${this.maxTriangles} triangles.`, {
            maxTriangles: this.maxTriangles,
          });
        }
        this.state = State.InSolid;
        return;
    }
  }

  /** Parses a coordinate; returns a non-finite value only for an explicit NaN/Inf spelling or overflow. */
  private number(word: string, axis: number): number {
    if (DECIMAL.test(word)) return Number(word);
    if (NON_FINITE_WORD.test(word)) return Number.NaN;
    this.fail(
      `expected ${axis < 0 ? 'a normal component' : `the ${'xyz'[axis]} coordinate of vertex ${this.vertexIndex}`} of facet ${this.triangles}, found '${clip(word)}'`,
    );
  }

  private syntax(word: string): never {
    this.fail(`expected ${EXPECTED[this.state]}, found '${clip(word)}'`);
  }

  private fail(what: string): never {
    throw new StlParseError('stl-ascii-syntax', `ASCII STL line ${this.line}: ${what}.`, { line: this.line, triangle: this.triangles });
  }
}

function clip(word: string): string {
  const printable = word.replace(/[^\x20-\x7e]/g, '?');
  return printable.length > 24 ? `${printable.slice(0, 24)}…` : printable;
}
