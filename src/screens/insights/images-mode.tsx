import type { ViewerModeProps } from '../../viewer/contracts.ts';

export function ImagesMode(_props: ViewerModeProps) {
  return (
    <section aria-label="Images">
      <h3>Images</h3>
    </section>
  );
}
