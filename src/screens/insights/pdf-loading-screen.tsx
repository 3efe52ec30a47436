/** The PDF creation loading screen (SPEC §2): covers the page while POST /api/export-pdf/ runs. */
import * as css from './insights.css.ts';

export function PdfLoadingScreen() {
  return (
    <div className={css.loadingScreen} role="status" aria-live="polite">
      Creating PDF
    </div>
  );
}
