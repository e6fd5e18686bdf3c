import { useAuth0 } from '@auth0/auth0-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { CentredProgress } from '@/components/centred-progress';
import { hasAuthParams, SIGNED_IN_HOME } from '@/lib/auth';

/**
 * /callback: the identity SDK exchanges the code while this spins. Success navigates from the provider's
 * redirect callback (saved target or the dashboard); an SDK error (e.g. 'Invalid state') goes to
 * /errors/login.
 */
export function CallbackPage() {
  const { t } = useTranslation();
  const { isLoading, isAuthenticated, error } = useAuth0();
  const navigate = useNavigate();
  const { search } = useLocation();
  const isAnswer = hasAuthParams(search);

  useEffect(() => {
    if (isLoading) return;
    if (error) {
      navigate('/errors/login', { replace: true, state: { message: error.message } });
    } else if (!isAnswer) {
      // Nothing to handle here (a bookmark, a second visit): the dashboard when signed in, else home.
      navigate(isAuthenticated ? SIGNED_IN_HOME : '/', { replace: true });
    }
  }, [isLoading, isAuthenticated, error, isAnswer, navigate]);

  return <CentredProgress label={t('callback.signingIn')} />;
}
