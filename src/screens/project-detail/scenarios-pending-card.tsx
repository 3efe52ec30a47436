/**
 * The overview's place for the wheel and the output cards until the project's scenarios are read:
 * drawn from an empty list, they would say "0 scenarios" and "No scenarios yet" about a project
 * that has some. A read that failed after its automatic attempts says so and offers Retry.
 */
import { Button } from '../../ui/button.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { card, cardBody, cardHeader, muted, sectionTitle } from '../../ui/surface.css.ts';
import { flush } from './project-detail.css.ts';

export function ScenariosPendingCard({ failed, onRetry }: { failed: boolean; onRetry(): void }) {
  return (
    <section className={card} aria-labelledby="wheel-title">
      <header className={cardHeader}>
        <h2 className={sectionTitle} id="wheel-title">
          Studies and scenarios
        </h2>
      </header>
      <div className={cardBody}>
        {failed ? (
          <ScenariosUnread onRetry={onRetry} />
        ) : (
          <p className={`${muted} ${flush}`} role="status">
            Loading the scenarios…
          </p>
        )}
      </div>
    </section>
  );
}

/** The scenarios could not be read after the automatic attempts: said so, with Retry (unread is not empty). */
export function ScenariosUnread({ onRetry }: { onRetry(): void }) {
  return (
    <InlineMessage
      tone="danger"
      action={
        <Button size="sm" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      The project’s scenarios could not be read.
    </InlineMessage>
  );
}
