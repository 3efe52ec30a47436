/** Tabs on radix, controlled by the caller (tabs usually mirror a route or a machine state). */
import { Tabs as RadixTabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { tabsList, tabsTrigger } from './overlay.css.ts';

export interface TabItem {
  value: string;
  label: string;
  content?: ReactNode;
}

export function Tabs({ value, onValueChange, items, label }: { value: string; onValueChange(v: string): void; items: TabItem[]; label: string }) {
  return (
    <RadixTabs.Root value={value} onValueChange={onValueChange}>
      <RadixTabs.List className={tabsList} aria-label={label}>
        {items.map((item) => (
          <RadixTabs.Trigger key={item.value} value={item.value} className={tabsTrigger}>
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) =>
        item.content === undefined ? null : (
          <RadixTabs.Content key={item.value} value={item.value}>
            {item.content}
          </RadixTabs.Content>
        ),
      )}
    </RadixTabs.Root>
  );
}
