import { Component, type ReactNode } from 'react';
import { classifyChunkError, type ChunkFailureKind } from '../../app/chunk-loading.ts';
import { ChunkLoadFailed } from './chunk-load-failed.tsx';

interface State {
  kind: ChunkFailureKind | 'other' | null;
  error: unknown;
}

/** Catches a failed route chunk (and any other render error) and shows a screen with a reload button. */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { kind: null, error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { kind: classifyChunkError(error) ?? 'other', error };
  }

  override render() {
    if (this.state.kind) return <ChunkLoadFailed kind={this.state.kind} />;
    return this.props.children;
  }
}
