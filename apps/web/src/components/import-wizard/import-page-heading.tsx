import UploadFileIcon from '@mui/icons-material/UploadFile';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/record-page';

export interface ImportPageHeadingProps {
  /** Where the back link leads (the list the import fills) and what it says. */
  back: { href: string; label: string };
  title: string;
  subtitle: string;
  /** 0 upload, 1 map, 2 result. */
  step: number;
}

/** The top of every import page: the way back, the title and the wizard's three steps. */
export function ImportPageHeading({ back, title, subtitle, step }: ImportPageHeadingProps) {
  const { t } = useTranslation();
  return (
    <>
      <BackLink href={back.href}>{back.label}</BackLink>
      <PageHeader title={title} subtitle={subtitle} icon={<UploadFileIcon />} />
      <Stepper activeStep={step} alternativeLabel aria-label={t('components.import.steps')}>
        {(['upload', 'map', 'result'] as const).map((name) => (
          <Step key={name}>
            <StepLabel>{t(`components.import.stepNames.${name}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
    </>
  );
}
