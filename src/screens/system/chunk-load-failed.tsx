import type { ChunkFailureKind } from '../../app/chunk-loading.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { Button } from '../../ui/button.tsx';
import { centered, muted } from './system.css.ts';

const TEXT: Record<ChunkFailureKind | 'other', { title: string; body: string }> = {
  timeout: {
    title: 'This page is taking too long to load',
    body: 'Part of the application did not arrive within two minutes. Check your connection and reload.',
  },
  missing: {
    title: 'This page could not be loaded',
    body: 'Part of the application is missing — usually because a new version was deployed while this tab was open. Reload to get the current version.',
  },
  style: {
    title: 'The page styles could not be loaded',
    body: 'The styles for this page failed to load. Reload to try again.',
  },
  other: {
    title: 'Something went wrong',
    body: 'An unexpected error stopped this page. Reload to try again; your saved work is kept on the server.',
  },
};

export function ChunkLoadFailed({ kind }: { kind: ChunkFailureKind | 'other' }) {
  const text = TEXT[kind];
  usePageTitle(text.title);
  return (
    <main className={centered} role="alert">
      <h1>{text.title}</h1>
      <p className={muted}>{text.body}</p>
      <Button tone="primary" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </main>
  );
}
