/** A JSON call against a test app: status and parsed body (null for an empty body). */
import type { TestContext } from './harness.ts';

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

export function caller(t: TestContext) {
  return async function call<T = unknown>(method: string, path: string, token: string | undefined, json?: unknown): Promise<Answer<T>> {
    const res = await t.request(path, { method, token, ...(json !== undefined ? { json } : {}) });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  };
}
