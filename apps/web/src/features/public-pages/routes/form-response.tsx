import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { ResultError, ResultPage } from '../components/result-page';

/** /formresponse (RES-003): where a recipient lands after answering an e-mail poll. */
export function Component() {
  usePageTitle('Response recorded');
  const [searchParams] = useSearchParams();
  if (searchParams.get('success') === '0') return <ResultError />;
  return <ResultPage heading="Thanks, your response has been recorded" />;
}
