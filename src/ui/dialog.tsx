/** A modal dialog on radix: focus trapped, Escape closes, title and description announced. */
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { backdrop, dialogContent, dialogDescription, dialogTitle } from './overlay.css.ts';

export interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: string;
  children: ReactNode;
}

export function Dialog({ open, onOpenChange, title, description, children }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={backdrop} />
        <RadixDialog.Content className={dialogContent} aria-describedby={description ? undefined : undefined}>
          <RadixDialog.Title className={dialogTitle}>{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className={dialogDescription}>{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description hidden>{title}</RadixDialog.Description>
          )}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
