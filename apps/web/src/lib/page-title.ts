import { useEffect } from 'react';
import { env } from '../config/env';

/** `Billing` → `Billing | Mergeboard` (ROUTE-031: ' | ' then the product name). */
export function formatPageTitle(title: string, productName: string = env.productName): string {
  return `${title} | ${productName}`;
}

/** Sets the document title while the calling screen is shown, and puts the previous one back after. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = formatPageTitle(title);
    return () => {
      document.title = previous;
    };
  }, [title]);
}
