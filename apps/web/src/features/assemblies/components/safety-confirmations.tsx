import {
  type AssemblyFinding,
  CONFIRMATION_REASON_MAX,
  type SafetyConfirmationCode,
} from '@hosewright/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type ConfirmationState, reasonError } from '../lib/builder-state';

export interface SafetyConfirmationsProps {
  /** The computation's safety findings (ADR 22). */
  findings: readonly AssemblyFinding[];
  confirmations: Partial<Record<SafetyConfirmationCode, ConfirmationState>>;
  /** Ticked or unticked (`checked`), or the reason typed. */
  onChange: (code: SafetyConfirmationCode, change: { checked?: boolean; reason?: string }) => void;
}

/**
 * The builder's "Confirm before saving": each safety finding with a box to tick and, once ticked, the reason
 * it is acceptable. Saving waits until every finding is ticked with a reason of at least 3 characters; the
 * reasons are kept with the revision and printed on its spec sheet.
 */
export function SafetyConfirmations({ findings, confirmations, onChange }: SafetyConfirmationsProps) {
  const { t } = useTranslation();
  if (!findings.length) return null;
  const title = t('assemblies.confirm.title');
  return (
    <Paper variant="outlined" component="section" sx={{ p: 2 }} aria-label={title}>
      <Typography variant="h6" component="h2" sx={{ mb: 1, fontSize: '1.1rem' }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('assemblies.confirm.intro')}
      </Typography>
      <Stack spacing={2}>
        {findings.map((finding) => {
          const answer = confirmations[finding.code];
          const isChecked = !!answer?.checked;
          const error = isChecked ? reasonError(answer?.reason ?? '') : null;
          const isDone = isChecked && error === null;
          const reasonId = `confirm-reason-${finding.code}`;
          return (
            <Box key={finding.code} data-testid={`finding-${finding.code}`}>
              <Alert severity={isDone ? 'info' : 'warning'} sx={{ mb: 1 }}>
                {finding.message}
              </Alert>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={isChecked}
                    onChange={(e) => onChange(finding.code, { checked: e.target.checked })}
                  />
                }
                label={t('assemblies.confirm.accept', {
                  finding: t(`assemblies.confirm.kind.${finding.code}`),
                })}
              />
              {isChecked ? (
                <TextField
                  id={reasonId}
                  label={t('assemblies.confirm.reason', {
                    finding: t(`assemblies.confirm.kind.${finding.code}`),
                  })}
                  value={answer?.reason ?? ''}
                  onChange={(e) => onChange(finding.code, { reason: e.target.value })}
                  required
                  multiline
                  minRows={2}
                  fullWidth
                  // Ticking the box moves on to the reason (keyboard: Space, then type).
                  autoFocus={!answer?.reason}
                  error={!!answer?.reason && error !== null}
                  helperText={answer?.reason && error !== null ? error : t('assemblies.confirm.reasonHelp')}
                  slotProps={{ htmlInput: { maxLength: CONFIRMATION_REASON_MAX } }}
                  sx={{ mt: 1 }}
                />
              ) : null}
            </Box>
          );
        })}
      </Stack>
    </Paper>
  );
}
