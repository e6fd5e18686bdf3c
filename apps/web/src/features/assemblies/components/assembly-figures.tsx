import type { AssemblyPartSummary, AssemblyPartsSummary } from '@hosewright/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { endLabel } from '../lib/format';

/** Label / value pairs in two columns (one on a phone). */
export function FactList({ facts }: { facts: readonly { label: string; value: ReactNode }[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr) minmax(0, 1.4fr)', sm: 'max-content minmax(0, 1fr)' },
        columnGap: 2,
        rowGap: 0.75,
      }}
    >
      {facts.map((f) => (
        <Box key={f.label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {f.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
            {f.value || '–'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function partText(p: AssemblyPartSummary): string {
  const detail =
    p.kind === 'crimpFitting'
      ? endLabel(p)
      : p.kind === 'adaptor'
        ? `${p.endA ?? ''} → ${p.endB ?? ''}`
        : p.description;
  return detail ? `${p.partNumber} · ${detail}` : p.partNumber;
}

/** The parts of an assembly without costs (detail and the public page). */
export function PartsList({ parts }: { parts: AssemblyPartsSummary }) {
  const { t } = useTranslation();
  const facts: { label: string; value: string }[] = [
    { label: t('assemblies.detail.role.hose'), value: partText(parts.hose) },
  ];
  // Assemblies saved before the hose's skive was recorded say nothing rather than guess.
  if (parts.hose.skive !== undefined) {
    facts.push({
      label: t('assemblies.detail.skive'),
      value: parts.hose.skive ? t('assemblies.detail.skiveYes') : t('assemblies.detail.skiveNo'),
    });
  }
  for (const key of ['endA', 'endB'] as const) {
    const end = parts[key];
    facts.push({ label: t(`assemblies.detail.role.${key}.fitting`), value: partText(end.fitting) });
    if (end.ferrule)
      facts.push({ label: t(`assemblies.detail.role.${key}.ferrule`), value: partText(end.ferrule) });
    if (end.adaptor)
      facts.push({ label: t(`assemblies.detail.role.${key}.adaptor`), value: partText(end.adaptor) });
  }
  if (parts.wrap) facts.push({ label: t('assemblies.detail.role.wrap'), value: partText(parts.wrap) });
  return <FactList facts={facts} />;
}
