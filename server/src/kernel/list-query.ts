/**
 * How a context describes a list without knowing the request: a count and one page. The HTTP
 * layer's paginate (http/pagination.ts) turns it into the API's page, so no context needs the
 * request and no route repeats the paging rules.
 */
export interface ListQuery<T> {
  count(): Promise<number>;
  page(limit: number, offset: number): Promise<T[]>;
}

/**
 * A hot list that gives its page as JSON text (an array of `length` items) with the total, from one
 * statement that writes the JSON itself (on the embedded database each statement costs a planning
 * pass, so one beats two): the answer passes the text through instead of parsing it and writing it
 * again (http/pagination.ts paginatedJson; the route declares the items' type). An empty page may
 * answer a total of 0, which is enough: an empty first page means none, any later one is past the
 * end.
 */
export interface JsonListQuery {
  pageJson(limit: number, offset: number): Promise<JsonPage>;
}

interface JsonPage {
  count: number;
  length: number;
  json: string;
}

/** A list already in memory (short reference tables). */
export function listOf<T>(items: readonly T[]): ListQuery<T> {
  return {
    count: async () => items.length,
    page: async (limit, offset) => items.slice(offset, offset + limit),
  };
}
