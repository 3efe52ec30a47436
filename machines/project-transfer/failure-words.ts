/** The words a transfer's failure is shown in: the services reject with an Error in plain words. */
export function failureWords(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
