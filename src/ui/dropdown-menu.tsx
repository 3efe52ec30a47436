/** A menu on radix: arrow keys move, Enter selects, Escape closes, typeahead works. */
import { DropdownMenu as RadixMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { menuContent, menuItem } from './overlay.css.ts';

export interface MenuItem {
  label: string;
  onSelect(): void;
  disabled?: boolean;
}

export function DropdownMenu({ trigger, items, label }: { trigger: ReactNode; items: MenuItem[]; label?: string }) {
  return (
    <RadixMenu.Root>
      <RadixMenu.Trigger asChild>{trigger}</RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content className={menuContent} align="end" sideOffset={6} aria-label={label}>
          {items.map((item) => (
            <RadixMenu.Item key={item.label} className={menuItem} disabled={item.disabled} onSelect={item.onSelect}>
              {item.label}
            </RadixMenu.Item>
          ))}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}
