import { useMemo, useState, type ReactNode } from 'react';
import { BreadcrumbContext, type CrumbNames } from './breadcrumb-context.ts';
import { DetailNavigationBar } from './detail-navigation-bar.tsx';
import { SharedHeader } from './shared-header.tsx';
import { main, shell } from './layout.css.ts';

/** Frame of every signed-in screen. */
export function AppLayout({ children }: { children: ReactNode }) {
  const [names, setNames] = useState<CrumbNames>({});
  const value = useMemo(() => ({ names, setNames }), [names]);
  return (
    <BreadcrumbContext.Provider value={value}>
      <div className={shell}>
        <SharedHeader />
        <DetailNavigationBar />
        <main className={main} id="content">
          {children}
        </main>
      </div>
    </BreadcrumbContext.Provider>
  );
}
