import { useEffect } from 'react';

export const BRAND = 'Canopy';

/** SPEC §2: the document title is the page title followed by the brand suffix. */
export function pageTitle(title: string): string {
  return `${title} | ${BRAND}`;
}

export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
