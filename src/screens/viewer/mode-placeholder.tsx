/** Shown in a mode tab whose module (src/screens/insights) is not in this build yet — clearly not the feature. */
import * as css from './viewer.css.ts';

export function ModePlaceholder({ mode }: { mode: string }) {
  return (
    <section className={css.section} aria-label={`${mode} mode`}>
      <h3 className={css.sectionTitle}>{mode}</h3>
      <p className={css.muted}>The {mode.toLowerCase()} mode is not part of this build yet.</p>
    </section>
  );
}
