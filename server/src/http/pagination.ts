/**
 * Django REST Framework page-number pagination, for every list (API.md): `{count, next, previous,
 * results}`, pages from 1. A page that is 0, not a number or past the end is 404 "Invalid page." —
 * the client's fetch-all loop stops on exactly that answer (SPEC §8). `page_size` is honoured up to
 * 999 (the client's fetch-all size); anything unusable falls back to the default, as DRF does.
 *
 * Services describe a list as a `ListQuery` (count + one page); handlers hand it to `paginate`, so
 * no service needs the request and no handler repeats the rules.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../deps.ts';
import { ApiError, MESSAGES } from './errors.ts';
import type { JsonListQuery, ListQuery } from '../kernel/list-query.ts';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 999;

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

const DIGITS = /^\d+$/;

export function pageSizeOf(raw: string | undefined): number {
  if (raw === undefined || !DIGITS.test(raw)) return DEFAULT_PAGE_SIZE;
  const size = Number(raw);
  if (size <= 0) return DEFAULT_PAGE_SIZE;
  return Math.min(size, MAX_PAGE_SIZE);
}

/** The requested page number; 404 "Invalid page." for 0 or anything that is not a whole number. */
export function pageNumberOf(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 1;
  if (!DIGITS.test(raw)) throw ApiError.detail(404, MESSAGES.invalidPage);
  const page = Number(raw);
  if (page < 1 || !Number.isSafeInteger(page)) throw ApiError.detail(404, MESSAGES.invalidPage);
  return page;
}

/**
 * The URL this request was made at, on the public origin when PUBLIC_URL is set (behind a proxy
 * the request URL names the internal host), else as the request arrived.
 */
function publicRequestUrl(c: Context<AppEnv>): URL {
  const requested = new URL(c.req.url);
  const base = c.get('deps').config.PUBLIC_URL;
  if (!base) return requested;
  const origin = new URL(base);
  const prefix = origin.pathname.replace(/\/$/, '');
  return new URL(`${prefix}${requested.pathname}${requested.search}`, origin);
}

function linkTo(url: URL, page: number): string {
  const copy = new URL(url);
  // DRF drops `page` from the link to the first page rather than writing page=1.
  if (page === 1) copy.searchParams.delete('page');
  else copy.searchParams.set('page', String(page));
  return copy.toString();
}

async function countedPage<T>(list: ListQuery<T>, page: number, size: number): Promise<{ count: number; results: T[] }> {
  const offset = (page - 1) * size;
  const count = await list.count();
  if (page > Math.max(1, Math.ceil(count / size))) throw ApiError.detail(404, MESSAGES.invalidPage);
  return { count, results: await list.page(size, offset) };
}

function linksOf(c: Context<AppEnv>, page: number, size: number, count: number): { next: string | null; previous: string | null } {
  const lastPage = Math.max(1, Math.ceil(count / size));
  const url = publicRequestUrl(c);
  return { next: page < lastPage ? linkTo(url, page + 1) : null, previous: page > 1 ? linkTo(url, page - 1) : null };
}

export async function paginate<T>(c: Context<AppEnv>, list: ListQuery<T>): Promise<Page<T>> {
  const page = pageNumberOf(c.req.query('page'));
  const size = pageSizeOf(c.req.query('page_size'));
  const { count, results } = await countedPage(list, page, size);
  return { count, ...linksOf(c, page, size, count), results };
}

/**
 * The same answer as `paginate`, as its JSON text, for a list that writes its page's JSON itself
 * (`ListQuery.pageJson`): the page's text is passed through, not parsed and written again.
 */
export async function paginatedJson(c: Context<AppEnv>, list: JsonListQuery): Promise<string> {
  const page = pageNumberOf(c.req.query('page'));
  const size = pageSizeOf(c.req.query('page_size'));
  const answer = await list.pageJson(size, (page - 1) * size);
  if (answer.length === 0 && page > 1) throw ApiError.detail(404, MESSAGES.invalidPage);
  const count = answer.length === 0 ? 0 : answer.count;
  const { next, previous } = linksOf(c, page, size, count);
  // The keys in `Page`'s order, as JSON.stringify would write them.
  return `{"count":${count},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)},"results":${answer.length === 0 ? '[]' : answer.json}}`;
}
