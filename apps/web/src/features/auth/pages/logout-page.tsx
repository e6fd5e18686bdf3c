import { useAuth0 } from '@auth0/auth0-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CentredProgress } from '@/components/centred-progress';
import { runLogout } from '../utils/logout';

/** /logout: runs the sign-out sequence (`runLogout`) once. */
export function LogoutPage() {
  const { t } = useTranslation();
  const { logout } = useAuth0();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    runLogout({ logout, navigate, clearServerCache: () => queryClient.clear() }).catch(() =>
      navigate('/', { replace: true }),
    );
  }, [logout, navigate, queryClient]);

  return <CentredProgress label={t('logout.signingOut')} />;
}
