/**
 * Finds identifier-shaped strings in the text a person reads: snake_case and camelCase keys,
 * abbreviation codes ("WinSpeR", "PLW ComCla"), a record's id in place of its name ("Scenario 3",
 * "Simulation 4"), and a class number with "class" as its unit. For the tests that scan rendered
 * screens: every label is in words.
 */

const PATTERNS: ReadonlyArray<[string, RegExp]> = [
  ['snake_case', /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g],
  ['camelCase', /\b[a-z]+(?:[A-Z][a-z0-9]+)+\b/g],
  ['code', /\b(?:[A-Z]+[a-z]{1,3}){2,}[A-Z]?\b/g],
  ['id for a name', /\b(?:Project|Scenario|Simulation|Configuration) \d+\b/g],
  ['class as a unit', /\d(?:\.\d+)? class\b/g],
];

/** What a person reads on the page: its text and the accessible names of its controls. */
export function readableText(root: Node = document.body): string {
  // Text node by text node: neighbouring elements' words must not run together ("Podium" + "Open").
  const texts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent && (parent.closest('script, style, svg title') || parent.closest('[hidden]'))) continue;
    texts.push(node.textContent ?? '');
  }
  const labels = [...(root as ParentNode).querySelectorAll('[aria-label]')].map((el) => el.getAttribute('aria-label') ?? '');
  return [...texts, ...labels].join('\n');
}

export function identifierShaped(text: string): string[] {
  const found = new Set<string>();
  for (const [kind, pattern] of PATTERNS) for (const m of text.matchAll(pattern)) found.add(`${kind}: ${m[0]}`);
  return [...found];
}
