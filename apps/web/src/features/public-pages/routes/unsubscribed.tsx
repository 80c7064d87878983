import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { ResultError, ResultPage } from '../components/result-page';

/** /unsubscribed (RES-001 RES-002): where a recipient lands after unsubscribing. */
export function Component() {
  usePageTitle('Unsubscribed');
  const [searchParams] = useSearchParams();
  if (searchParams.get('success') === '0') return <ResultError />;
  return <ResultPage heading="Unsubscription was successful!" />;
}
