import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { accessToken, createUser } from '../../test/world.ts';
import { companies, projects } from '../db/schema/index.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageNumberOf, pageSizeOf } from './pagination.ts';

const TOTAL = 53;

async function seed(t: TestContext): Promise<string> {
  const db = t.database.db;
  const [company] = await db.insert(companies).values({ name: 'Paging Ltd' }).returning({ id: companies.id });
  const userId = await createUser(db, { username: 'pager', companyId: company!.id, role: 'Viewer' });
  await db.insert(projects).values(Array.from({ length: TOTAL }, (_, i) => ({ name: `P${String(i).padStart(2, '0')}`, companyId: company!.id })));
  return accessToken(t.deps, userId);
}

interface Page {
  count: number;
  next: string | null;
  previous: string | null;
  results: Array<{ id: number; name: string }>;
}

describe('page-number pagination (GET /api/project/)', () => {
  let t: TestContext;
  let token: string;
  const get = async (query: string) => {
    const res = await t.request(`/api/project/${query}`, { token });
    return { status: res.status, body: (await res.json()) as Page & { detail?: string } };
  };

  beforeAll(async () => {
    t = await createTestContext();
    token = await seed(t);
  });
  afterAll(() => t.close());

  it('answers {count, next, previous, results} with pages from 1 and the default size', async () => {
    const { status, body } = await get('');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['count', 'next', 'previous', 'results']);
    expect(body.count).toBe(TOTAL);
    expect(body.results).toHaveLength(DEFAULT_PAGE_SIZE);
    expect(body.previous).toBeNull();
    expect(body.next).toBe('http://localhost/api/project/?page=2');
  });

  it('walks every page by its next link, and the union of the pages is the whole list, in order, without repeats', async () => {
    const all = (await get('?page_size=999&ordering=name')).body.results.map((p) => p.id);
    expect(all).toHaveLength(TOTAL);
    const seen: number[] = [];
    let url: string | null = 'http://localhost/api/project/?page_size=7&ordering=name';
    let pages = 0;
    while (url) {
      const res = await t.request(url.replace('http://localhost', ''), { token });
      const page = (await res.json()) as Page;
      seen.push(...page.results.map((p) => p.id));
      url = page.next;
      pages++;
    }
    expect(pages).toBe(Math.ceil(TOTAL / 7));
    expect(seen).toEqual(all);
  });

  it('links back: previous of page 2 drops the page parameter, as DRF does, and keeps the others', async () => {
    const { body } = await get('?page=2&page_size=10&search=P');
    expect(body.previous).toBe('http://localhost/api/project/?page_size=10&search=P');
    expect(body.next).toBe('http://localhost/api/project/?page=3&page_size=10&search=P');
    const last = await get('?page=6&page_size=10');
    expect(last.body.results).toHaveLength(3);
    expect(last.body.next).toBeNull();
    expect(last.body.previous).toBe('http://localhost/api/project/?page=5&page_size=10');
  });

  it('answers 404 "Invalid page." for page 0, a non-number and a page past the end', async () => {
    for (const page of ['0', 'abc', '-1', '1.5', '4', '99999999999999999999']) {
      const { status, body } = await get(`?page=${page}`);
      expect({ page, status, body }).toEqual({ page, status: 404, body: { detail: 'Invalid page.' } });
    }
  });

  it('falls back to the default size for a bad or non-positive page_size, and caps it at 999', async () => {
    for (const size of ['0', '-5', 'ten', '']) {
      const { status, body } = await get(`?page_size=${size}`);
      expect({ size, status, n: body.results.length }).toEqual({ size, status: 200, n: DEFAULT_PAGE_SIZE });
    }
    expect((await get('?page_size=5000')).body.results).toHaveLength(TOTAL);
    expect(pageSizeOf('5000')).toBe(MAX_PAGE_SIZE);
    expect(pageSizeOf('999')).toBe(999);
    expect(pageNumberOf(undefined)).toBe(1);
  });

  it('gives an empty first page (not 404) for an empty list', async () => {
    const { status, body } = await get('?search=no-such-project');
    expect(status).toBe(200);
    expect(body).toEqual({ count: 0, next: null, previous: null, results: [] });
  });
});

describe('absolute links behind a proxy', () => {
  it('builds next/previous on PUBLIC_URL, path prefix included, when it is set', async () => {
    const t = await createTestContext({ PUBLIC_URL: 'https://canopy.example.com/app' });
    try {
      const token = await seed(t);
      const res = await t.request('/api/project/?page=2&page_size=20', { token });
      const body = (await res.json()) as Page;
      expect(body.next).toBe('https://canopy.example.com/app/api/project/?page=3&page_size=20');
      expect(body.previous).toBe('https://canopy.example.com/app/api/project/?page_size=20');
    } finally {
      await t.close();
    }
  });
});
