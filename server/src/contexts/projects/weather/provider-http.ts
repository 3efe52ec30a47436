/**
 * One bounded GET to an online weather provider: a timeout on the whole exchange (headers and
 * body), a size limit on what is read, and a few retries with doubling waits for what a retry can
 * fix — no answer, a dropped connection, a truncated or garbled body, 429 (rate limit) and 5xx
 * (PVGIS also answers 529 when overloaded; its API documentation, "API non-interactive service"
 * §1.3–1.4). A 4xx other than 429 is the provider's considered answer about the request (PVGIS's
 * "Location over the sea") and is not retried.
 *
 * Failures are two classes, so fetch-met-data can tell the user whether trying again can help.
 */
import type { Config } from '../../../env.ts';
import { readBoundedText } from '../../../outbound/bounded-text.ts';

/** The provider could not be asked or did not answer usably; a later attempt may succeed. */
export class ProviderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnavailableError';
  }
}

/** The provider answered that it has nothing for this request (no data over the sea, say); asking again will not change that. */
export class ProviderRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderRefusedError';
  }
}

/** The body arrived but is not what the provider's format promises (a truncated file, an HTML page with 200). Retried. */
export class BadAnswerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BadAnswerError';
  }
}

export interface ProviderHttpLimits {
  timeoutMs: number;
  retries: number;
  maxBytes: number;
  /** First wait between attempts; each further wait doubles it. */
  backoffMs: number;
}

export function providerHttpLimits(
  config: Pick<Config, 'WEATHER_PROVIDER_TIMEOUT_SECONDS' | 'WEATHER_PROVIDER_RETRIES' | 'WEATHER_PROVIDER_MAX_BYTES'>,
): ProviderHttpLimits {
  return {
    timeoutMs: config.WEATHER_PROVIDER_TIMEOUT_SECONDS * 1000,
    retries: config.WEATHER_PROVIDER_RETRIES,
    maxBytes: config.WEATHER_PROVIDER_MAX_BYTES,
    backoffMs: 500,
  };
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** Reads the body as text, stopping (and failing) past `maxBytes`. */
function boundedText(response: Response, maxBytes: number, label: string): Promise<string> {
  return readBoundedText(response, maxBytes, (declared) =>
    declared === null
      ? new ProviderUnavailableError(`${label} sent more than the ${megabytes(maxBytes)} allowed (WEATHER_PROVIDER_MAX_BYTES)`)
      : new ProviderUnavailableError(`${label} sent ${megabytes(declared)}, more than the ${megabytes(maxBytes)} allowed (WEATHER_PROVIDER_MAX_BYTES)`),
  );
}

/** PVGIS (and most JSON APIs) explain a refused request as {"message": "…"}; otherwise the first line of text. */
function explanation(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message.trim()) return parsed.message.trim().slice(0, 300);
  } catch {
    // Not JSON: fall through to the text.
  }
  const text = body
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.slice(0, 200);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * GETs `url` and hands the body to `read`, which may throw BadAnswerError to have it fetched again.
 * Throws ProviderRefusedError (not retried) or, once the attempts are spent, ProviderUnavailableError
 * naming what went wrong the last time and how many attempts were made.
 */
export async function getWithRetries<T>(url: URL, label: string, limits: ProviderHttpLimits, read: (text: string) => T): Promise<T> {
  const attempts = limits.retries + 1;
  let last = '';
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await sleep(limits.backoffMs * 2 ** (attempt - 1));
    const signal = AbortSignal.timeout(limits.timeoutMs);
    try {
      const response = await fetch(url, { signal, headers: { accept: 'text/plain, application/json;q=0.9, */*;q=0.5' }, redirect: 'follow' });
      if (response.status === 429 || response.status >= 500) {
        const body = await boundedText(response, 64 * 1024, label).catch(() => '');
        const why = explanation(body);
        last = `${label} answered HTTP ${response.status}${why ? ` (${why})` : ''}`;
        continue;
      }
      if (!response.ok) {
        const body = await boundedText(response, 64 * 1024, label).catch(() => '');
        throw new ProviderRefusedError(`${label} has no data for this site: ${explanation(body) || `HTTP ${response.status}`}`);
      }
      let text: string;
      try {
        text = await boundedText(response, limits.maxBytes, label);
      } catch (error) {
        // Over the size limit is final; a connection dropped mid-file is worth another attempt.
        if (error instanceof ProviderUnavailableError || signal.aborted) throw error;
        throw new BadAnswerError('the file was cut off before its end (the connection closed early)');
      }
      return read(text);
    } catch (error) {
      if (error instanceof ProviderRefusedError) throw error;
      if (error instanceof ProviderUnavailableError) throw error;
      if (error instanceof BadAnswerError) {
        last = `${label} sent an unusable answer: ${error.message}`;
      } else if (signal.aborted) {
        last = `${label} did not answer within ${seconds(limits.timeoutMs)} (WEATHER_PROVIDER_TIMEOUT_SECONDS)`;
      } else {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        last = `${label} could not be reached at ${url.origin}: ${cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error))}`;
      }
    }
  }
  throw new ProviderUnavailableError(`${last}; ${attempts === 1 ? 'one attempt' : `${attempts} attempts`}`);
}
