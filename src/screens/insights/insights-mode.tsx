import type { ViewerModeProps } from '../../viewer/contracts.ts';

export function InsightsMode(_props: ViewerModeProps) {
  return (
    <section aria-label="Insights">
      <h3>Insights</h3>
    </section>
  );
}
