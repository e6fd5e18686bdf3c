import {
  COMPONENT_KINDS,
  type ComponentKind,
  type ImportDetails,
  type ImportPreview,
  isComponentKind,
} from '@hosewright/domain';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ImportLogView } from '@/components/import-wizard/import-log-view';
import { ImportMappingStep } from '@/components/import-wizard/import-mapping-step';
import { ImportPageHeading } from '@/components/import-wizard/import-page-heading';
import { ImportUploadStep } from '@/components/import-wizard/import-upload-step';
import { RecentImports } from '@/components/import-wizard/recent-imports';
import { type FieldName, fieldsOf } from '../lib/fields';
import { listRoute } from '../lib/kinds';

const IMPORT_PATH = '/components/import';

const KNOWN_FIELDS: ReadonlySet<string> = new Set(
  COMPONENT_KINDS.flatMap((k) => fieldsOf(k).map((f) => f.name)),
);

/** A field's name as the shop knows it ('Part number'); unknown names as the server sent them. */
function importFieldLabel(t: TFunction, name: string): string {
  return KNOWN_FIELDS.has(name) ? t(`components.fields.${name as FieldName}`) : name;
}

/** What a kind is called, in the plural ('Hoses'); other kinds as the server sent them. */
function kindsLabel(t: TFunction, kind: string): string {
  return isComponentKind(kind) ? t(`components.kinds.${kind}.plural`) : kind;
}

/** After a successful import: the kind's own items, and all of the kind. */
function ComponentListLinks({ log }: { log: ImportDetails }) {
  const { t } = useTranslation();
  if (!isComponentKind(log.kind)) return null;
  const kinds = kindsLabel(t, log.kind).toLowerCase();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Button variant="contained" href={listRoute(log.kind, 'custom')}>
        {t('components.import.viewCustom', { kinds })}
      </Button>
      <Button href={listRoute(log.kind)}>{t('components.import.viewAll', { kinds })}</Button>
    </Stack>
  );
}

/**
 * `/components/import` (admin only): choose the kind, start from a template, upload
 * a CSV or XLSX file, map its columns, start, follow the progress and read the outcome. Nothing is written
 * unless every row is good. `?log={id}` opens one import's log directly (the notification links there).
 * The steps are the shared import wizard's; the kinds, field names, links and queries are the library's.
 */
export function ComponentImportPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const logId = params.get('log');
  const kindParam = params.get('kind');
  const kind: ComponentKind = isComponentKind(kindParam) ? kindParam : 'hose';
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const step = logId ? 2 : preview ? 1 : 0;
  const kindOptions = COMPONENT_KINDS.map((k) => ({ value: k, label: kindsLabel(t, k) }));

  const setKind = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('kind', next);
        return updated;
      },
      { replace: true },
    );

  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <ImportPageHeading
        back={{ href: '/components', label: t('components.overview.title') }}
        title={t('components.import.title')}
        subtitle={t('components.import.subtitle')}
        step={step}
      />
      {logId ? (
        <ImportLogView
          key={logId}
          importId={logId}
          changes={['components']}
          successActions={(log) => <ComponentListLinks log={log} />}
          fieldLabel={(name) => importFieldLabel(t, name)}
          onAnother={() => {
            setPreview(null);
            setParams(new URLSearchParams({ kind }));
          }}
        />
      ) : preview ? (
        <ImportMappingStep
          key={preview.importId}
          preview={preview}
          fieldLabel={(name) => importFieldLabel(t, name)}
          kindLabel={kindsLabel(t, preview.kind)}
          onBack={() => setPreview(null)}
          onStarted={(importId) => {
            setPreview(null);
            setParams(new URLSearchParams({ kind: preview.kind, log: importId }));
          }}
        />
      ) : (
        <ImportUploadStep kind={kind} kinds={kindOptions} onKindChange={setKind} onUploaded={setPreview} />
      )}
      <RecentImports kinds={COMPONENT_KINDS} logPath={IMPORT_PATH} kindLabel={(k) => kindsLabel(t, k)} />
    </Stack>
  );
}
