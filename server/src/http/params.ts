/** Path ids: anything but a positive 32-bit integer names no object, so it is a 404 like any unknown id. */
import { ApiError } from './errors.ts';

export function pathId(raw: string): number {
  if (!/^\d{1,10}$/.test(raw)) throw ApiError.notFound();
  const id = Number(raw);
  if (id < 1 || id > 2_147_483_647) throw ApiError.notFound();
  return id;
}
