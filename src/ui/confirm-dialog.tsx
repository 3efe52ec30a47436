/**
 * A confirmation modal: what will happen, Cancel (Escape) and the confirming action. Open while the
 * owning machine waits in its confirming state.
 */
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { dialogActions } from './surface.css.ts';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description?: string;
  children?: ReactNode;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog({ open, title, description, children, confirmLabel, tone = 'primary', onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onCancel()} title={title} description={description}>
      {children}
      <div className={dialogActions}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button tone={tone} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
