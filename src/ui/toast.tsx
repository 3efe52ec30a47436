/**
 * Renders the toast queue with radix Toast (announced politely to screen readers; F8 focuses the
 * viewport). Timing belongs to machines/toast, so radix's own timer is switched off.
 */
import { Toast as RadixToast } from 'radix-ui';
import type { Toast } from '@machines/toast/toast.machine.ts';
import { Button } from './button.tsx';
import { toastRoot, toastViewport } from './overlay.css.ts';

export interface ToastListProps {
  toasts: Toast[];
  onDismiss(id: string): void;
  onAction(id: string): void;
}

export function ToastList({ toasts, onDismiss, onAction }: ToastListProps) {
  return (
    <RadixToast.Provider duration={Number.POSITIVE_INFINITY} swipeDirection="right">
      {toasts.map((toast) => (
        <RadixToast.Root
          key={toast.id}
          className={toastRoot}
          data-tone={toast.tone}
          type={toast.tone === 'danger' ? 'foreground' : 'background'}
          open
          onOpenChange={(open) => !open && onDismiss(toast.id)}
        >
          <div style={{ flex: 1 }}>
            <RadixToast.Title>{toast.title}</RadixToast.Title>
            {toast.description ? <RadixToast.Description>{toast.description}</RadixToast.Description> : null}
          </div>
          {toast.actionLabel ? (
            <RadixToast.Action asChild altText={toast.actionLabel}>
              <Button size="sm" onClick={() => onAction(toast.id)}>
                {toast.actionLabel}
              </Button>
            </RadixToast.Action>
          ) : null}
          <RadixToast.Close asChild>
            <Button size="sm" tone="ghost" aria-label="Dismiss">
              ×
            </Button>
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className={toastViewport} />
    </RadixToast.Provider>
  );
}
