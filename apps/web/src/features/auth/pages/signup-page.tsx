import { useAuth0 } from '@auth0/auth0-react';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CentredProgress } from '@/components/centred-progress';
import { PageHeader } from '@/components/page-header';
import { signUpOptions } from '@/lib/auth';

/** /signup: starts the provider's sign-up screen, which returns to the dashboard. */
export function SignUpPage() {
  const { t } = useTranslation();
  const { loginWithRedirect } = useAuth0();
  const navigate = useNavigate();
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    loginWithRedirect(signUpOptions()).catch(() => navigate('/logout', { replace: true }));
  }, [loginWithRedirect, navigate]);

  return (
    <>
      <PageHeader title={t('signUp.title')} icon={<PersonAddIcon />} />
      <CentredProgress label={t('signUp.redirecting')} />
    </>
  );
}
