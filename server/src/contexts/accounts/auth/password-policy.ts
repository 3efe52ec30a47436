/**
 * Weak-password rules with Django's default validators' behaviour and messages, because existing
 * clients show these strings as they come: too similar to the user's own attributes, shorter than
 * 8, too common, entirely numeric. All failures are reported together, in Django's order.
 */
import { readFileSync } from 'node:fs';

export const MIN_PASSWORD_LENGTH = 8;
const MAX_SIMILARITY = 0.7;

// A few hundred of the passwords that lead every published breach list; lower-cased.
const COMMON = new Set(
  readFileSync(new URL('./data/common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter(Boolean),
);

export interface PasswordOwner {
  username?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
}

const ATTRIBUTE_NAMES: Array<[keyof PasswordOwner, string]> = [
  ['username', 'username'],
  ['firstName', 'first name'],
  ['lastName', 'last name'],
  ['email', 'email address'],
];

/**
 * difflib's quick_ratio: 2·(characters in common, as multisets) / (total length). An upper bound
 * of the matching-blocks ratio, so it errs on the side of calling a password similar.
 */
export function quickRatio(a: string, b: string): number {
  if (a.length + b.length === 0) return 1;
  const counts = new Map<string, number>();
  for (const ch of b) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let matches = 0;
  for (const ch of a) {
    const left = counts.get(ch) ?? 0;
    if (left > 0) {
      matches++;
      counts.set(ch, left - 1);
    }
  }
  return (2 * matches) / (a.length + b.length);
}

/** A very long password is not "similar" to a very short attribute just by containing it. */
function lengthRatioExceeded(password: string, value: string): boolean {
  return password.length >= 10 * value.length && value.length < (MAX_SIMILARITY / 2) * password.length;
}

function similarAttribute(password: string, owner: PasswordOwner): string | undefined {
  const lowered = password.toLowerCase();
  for (const [key, label] of ATTRIBUTE_NAMES) {
    const value = owner[key]?.toLowerCase();
    if (!value) continue;
    // Parts too: "jane.doe@acme.test" must not let "janedoe1" through.
    const parts = [...value.split(/[^\p{L}\p{N}_]+/u).filter(Boolean), value];
    for (const part of parts) {
      if (lengthRatioExceeded(lowered, part)) continue;
      if (quickRatio(lowered, part) >= MAX_SIMILARITY) return label;
    }
  }
  return undefined;
}

/** The problems with `password` (empty when it is acceptable). */
export function passwordProblems(password: string, owner: PasswordOwner = {}): string[] {
  const problems: string[] = [];
  const similar = similarAttribute(password, owner);
  if (similar) problems.push(`The password is too similar to the ${similar}.`);
  if (password.length < MIN_PASSWORD_LENGTH) {
    problems.push(`This password is too short. It must contain at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  if (COMMON.has(password.trim().toLowerCase())) problems.push('This password is too common.');
  if (/^\d+$/.test(password)) problems.push('This password is entirely numeric.');
  return problems;
}
