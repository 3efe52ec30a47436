/**
 * How many imports one company may have in progress at once (in this process, as the heavy-work
 * pool's caps: docs/heavy-work.md). An import holds a temporary file of up to 4 GiB and writes up to
 * as much to the blob store; eight at once from one company were all accepted. Another is answered
 * 429 with Retry-After, before a byte of its body is read.
 */
import { DomainError } from '../../kernel/domain-errors.ts';

export const IMPORTS_PER_COMPANY = 2;
const RETRY_AFTER_SECONDS = 30;

const running = new Map<number, number>();

/** Takes one of the company's slots; the returned function gives it back (call it once, in a finally). */
export function takeImportSlot(companyId: number): () => void {
  const mine = running.get(companyId) ?? 0;
  if (mine >= IMPORTS_PER_COMPANY) {
    throw new DomainError(
      'too-many',
      { detail: `Your company already has ${mine} project imports in progress; at most ${IMPORTS_PER_COMPANY} at a time. Try again when one has finished.` },
      { retryAfterSeconds: RETRY_AFTER_SECONDS, unreadBody: true },
    );
  }
  running.set(companyId, mine + 1);
  let given = false;
  return () => {
    if (given) return;
    given = true;
    const left = (running.get(companyId) ?? 1) - 1;
    if (left > 0) running.set(companyId, left);
    else running.delete(companyId);
  };
}
