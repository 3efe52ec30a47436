/** The keyboard shortcut overlay (`?`), a radix Dialog; the hidden theme's line appears only once it is unlocked. */
import { SHORTCUTS, UNLOCK_SHORTCUT_LABEL } from '@machines/viewer/viewer-keys.ts';
import { Dialog } from '../../ui/dialog.tsx';
import * as css from './viewer.css.ts';

const keyName = (key: string) => (key === 'Escape' ? 'Esc' : key.toUpperCase());

export function ShortcutOverlay({ open, onOpenChange, tronUnlocked }: { open: boolean; onOpenChange(open: boolean): void; tronUnlocked: boolean }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Keyboard shortcuts"
      description="Every viewer tool from the keyboard. Shortcuts do nothing while you type in a field."
    >
      <table className={css.shortcutTable}>
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.command}>
              <td>
                {s.keys.map((k) => (
                  <kbd key={k} className={css.kbd}>
                    {keyName(k)}
                  </kbd>
                ))}
              </td>
              <td>{s.label}</td>
            </tr>
          ))}
          {tronUnlocked ? (
            <tr>
              <td>
                <kbd className={css.kbd}>↑↑↓↓←→←→BA</kbd>
              </td>
              <td>{UNLOCK_SHORTCUT_LABEL}</td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </Dialog>
  );
}
