import { describe, expect, it } from 'vitest';
import { tokenizeXml, XmlError } from './xml.ts';

function events(text: string): string[] {
  const out: string[] = [];
  tokenizeXml(text, {
    start: (name, attributes, selfClosing) =>
      out.push(
        `<${name}${Object.entries(attributes)
          .map(([k, v]) => ` ${k}=${v}`)
          .join('')}${selfClosing ? '/' : ''}>`,
      ),
    end: (name) => out.push(`</${name}>`),
  });
  return out;
}

function errorOf(text: string): XmlError {
  try {
    events(text);
  } catch (error) {
    if (error instanceof XmlError) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('tokenizeXml', () => {
  it('reads elements and attributes, skipping declarations, comments, CDATA, DOCTYPE and text', () => {
    const text = `\uFEFF<?xml version="1.0"?>
<!DOCTYPE osm [ <!ENTITY x "y"> ]>
<!-- a comment with <tags> inside -->
<osm a = 'single' b="&lt;&amp;&#65;&#x42;&unknown;">
  text <![CDATA[ <not-a-tag> ]]>
  <tag k="name" v="Caf&#233; &quot;Rio&quot;"/>
</osm>
`;
    expect(events(text)).toEqual(['<osm a=single b=<&AB&unknown;>', '<tag k=name v=Café "Rio"/>', '</tag>', '</osm>']);
  });

  it.each([
    ['<osm><way></osm>', 1, 11, 'does not match the open <way>'],
    ['<osm>\n  <node id="1"', 2, 3, 'is never closed'],
    ['<osm>\n<tag k="a/>\n<tag k="b"/>\n</osm>', 2, 8, "contains '<' (a quote is probably missing)"],
    ['<osm>\n<node id="1 lat="2"/>\n</osm>', 2, 18, "unexpected '2' in the tag <node>"],
    ['<osm>\n<node id=1/>\n</osm>', 2, 10, 'is not quoted'],
    ['<osm>\n<way>\n<nd ref="1"/>\n', 4, 1, 'the element <way> is never closed (the file may be truncated)'],
    ['<osm/><osm/>', 1, 7, 'after the root element was closed'],
    ['<osm><!-- open comment', 1, 10, 'a comment is never closed'],
    ['garbage', 1, 1, 'text outside the root element'],
    ['', 1, 1, 'no root element'],
    ['<osm></way>', 1, 6, 'does not match the open <osm>'],
  ])('refuses %j at line %i, column %i', (text, line, column, message) => {
    const error = errorOf(text);
    expect(error.message).toContain(message);
    expect([error.line, error.column]).toEqual([line, column]);
  });
});
