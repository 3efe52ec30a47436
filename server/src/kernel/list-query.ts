/**
 * How a context describes a list without knowing the request: a count and one page (or both in one
 * statement). The HTTP layer's paginate (http/pagination.ts) turns it into the API's page, so no
 * context needs the request and no route repeats the paging rules.
 */
export interface ListQuery<T> {
  count(): Promise<number>;
  page(limit: number, offset: number): Promise<T[]>;
  /**
   * Optional: the page and the total in one statement. Hot lists use it — on the embedded database
   * each statement costs a planning pass, so one beats two. An empty page may answer a total of 0,
   * which is enough: an empty first page means none, any later one is past the end.
   */
  pageWithCount?(limit: number, offset: number): Promise<{ count: number; results: T[] }>;
}

/** A list already in memory (short reference tables). */
export function listOf<T>(items: readonly T[]): ListQuery<T> {
  return {
    count: async () => items.length,
    page: async (limit, offset) => items.slice(offset, offset + limit),
  };
}
