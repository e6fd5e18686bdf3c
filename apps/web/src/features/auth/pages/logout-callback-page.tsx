import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CentredProgress } from '@/components/centred-progress';

/** /logoutcallback: the provider signed the user out; home. */
export function LogoutCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    navigate('/', { replace: true });
  }, [navigate]);
  return <CentredProgress label={t('logout.signingOut')} />;
}
