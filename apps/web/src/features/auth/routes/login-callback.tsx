import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { PageLoader } from '../../../ui/page-loader';
import { useAuthStore } from '../components/auth-context';

/**
 * /login/callback: where the OpenID provider sends the browser back (AUTH-002 AUTH-003 AUTH-004 AUTH-005
 * AUTH-006 AUTH-007 AUTH-008). Shows a spinner while the session store completes the sign-in, then goes where
 * it says.
 */
export function Component() {
  usePageTitle('Login');
  const store = useAuthStore();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code');
  const state = searchParams.get('state');
  const error = searchParams.get('error');
  const errorDescription = searchParams.get('error_description');
  const iss = searchParams.get('iss');

  useEffect(() => {
    let active = true;
    void store.completeSignIn({ code, state, iss, error, errorDescription }).then((outcome) => {
      if (active && outcome.kind === 'navigate') {
        void navigate(outcome.to, { replace: true, state: outcome.state });
      }
    });
    return () => {
      active = false;
    };
  }, [store, navigate, code, state, iss, error, errorDescription]);

  return <PageLoader />;
}
