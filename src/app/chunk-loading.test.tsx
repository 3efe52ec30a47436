import { afterEach, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { ChunkLoadError, CHUNK_LOAD_TIMEOUT_MS, classifyChunkError, lazyScreen, loadWithTimeout } from './chunk-loading.ts';
import { ChunkErrorBoundary } from '../screens/system/chunk-error-boundary.tsx';

afterEach(() => vi.useRealTimers());

describe('chunk loading', () => {
  it('times out after 120 s', async () => {
    vi.useFakeTimers();
    const pending = loadWithTimeout(() => new Promise<never>(() => {}));
    const assertion = expect(pending).rejects.toMatchObject({ kind: 'timeout' });
    vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS);
    await assertion;
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('classifies missing script chunks and failed style chunks', () => {
    expect(classifyChunkError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe('missing');
    expect(classifyChunkError(new Error('Unable to preload CSS for /assets/x.css'))).toBe('style');
    expect(classifyChunkError(new Error('something else'))).toBeNull();
  });

  it.each([
    ['missing', new TypeError('Failed to fetch dynamically imported module: /assets/viewer-1.js'), 'This page could not be loaded'],
    ['style', new Error('Unable to preload CSS for /assets/viewer-1.css'), 'The page styles could not be loaded'],
  ])('shows a reload screen for a %s chunk', async (_kind, error, heading) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Screen = lazyScreen(() => Promise.reject(error), 'X' as never);
    render(
      <ChunkErrorBoundary>
        <Suspense fallback={null}>
          <Screen />
        </Suspense>
      </ChunkErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('keeps the cause', () => {
    const cause = new Error('x');
    expect(new ChunkLoadError('missing', cause).cause).toBe(cause);
  });
});
