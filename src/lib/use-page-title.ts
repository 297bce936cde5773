import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { commonMessages } from '../i18n/common-messages';

/** Each page has its own document title (WCAG 2.4.2), read first by screen readers on navigation. */
export function usePageTitle(title: string): void {
  const t = useStore(commonMessages);
  useEffect(() => {
    document.title = t.pageTitle({ page: title, product: t.productName });
  }, [title, t]);
}
