import { useEffect } from 'react';

export const PRODUCT_NAME = 'Partner Security Dashboard';

/** Each page has its own document title (WCAG 2.4.2), read first by screen readers on navigation. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
}
