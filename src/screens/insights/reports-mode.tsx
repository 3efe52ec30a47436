import type { ViewerModeProps } from '../../viewer/contracts.ts';

export function ReportsMode(_props: ViewerModeProps) {
  return (
    <section aria-label="Reports">
      <h3>Reports</h3>
    </section>
  );
}
