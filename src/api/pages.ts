/**
 * DRF page-number lists (API.md): `{count, next, previous, results}`, pages from 1, `next` an
 * absolute URL. `fetchAllPages` follows `next` until there is none, asking each time for the path
 * and query only, so a proxy or a public base URL in front of the server does not matter.
 */
import type { ApiClient } from './client.ts';

export interface DrfPage<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** The largest page the server honours; lists fetched whole ask for it (SPEC §9). */
export const FETCH_ALL_PAGE_SIZE = 999;

export type Query = Record<string, string | number | readonly string[] | undefined>;

/** The path and query of an absolute `next` URL (relative ones pass through). */
export function relativeUrl(next: string): string {
  if (!/^https?:\/\//i.test(next)) return next;
  const url = new URL(next);
  return url.pathname + url.search;
}

export async function fetchAllPages<T>(api: ApiClient, path: string, query: Query = {}): Promise<T[]> {
  const items: T[] = [];
  let page = await api<DrfPage<T>>(path, { query: { page_size: FETCH_ALL_PAGE_SIZE, ...query } });
  items.push(...page.results);
  let guard = 0;
  while (page.next && guard++ < 1000) {
    page = await api<DrfPage<T>>(relativeUrl(page.next));
    items.push(...page.results);
  }
  return items;
}
