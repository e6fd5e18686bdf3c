/**
 * The import wizard for one import target (customers, customer items, hose assemblies): template, upload,
 * column mapping with a preview, progress and every problem; nothing is written unless every row is good.
 * What it fills (names, links, queries to refresh) comes from the page that uses it: features own their
 * targets, the wizard knows none of them.
 * `?log={id}` opens one import's log (the completion notification links there).
 */

import type { ImportPreview, ImportTargetName } from '@hosewright/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Resource } from '@/api/keys';
import { ImportLogView } from './import-log-view';
import { type ImportCheck, ImportMappingStep } from './import-mapping-step';
import { ImportPageHeading } from './import-page-heading';
import { ImportUploadStep } from './import-upload-step';
import { RecentImports } from './recent-imports';

export interface TargetImportPageProps {
  /** The server's import target ('customer', 'customerItem', 'hoseAssembly'). */
  target: ImportTargetName;
  /** This page's path, where the recent imports link their logs. */
  path: string;
  title: string;
  subtitle: string;
  /** The list the import fills: the back link and the link after success. */
  list: { href: string; backLabel: string; viewLabel: string };
  /** What a finished import changes (the resources whose screens refresh). */
  changes: readonly Resource[];
  /** What the target's rows are called ('Customers'). */
  kindLabel: string;
  /** A field's name as the shop knows it. */
  fieldLabel: (name: string) => string;
  /** A check after the mapping that must pass before Start (a stock take's differences). */
  check?: ImportCheck;
}

export function TargetImportPage({
  target,
  path,
  title,
  subtitle,
  list,
  changes,
  kindLabel,
  fieldLabel,
  check,
}: TargetImportPageProps) {
  const [params, setParams] = useSearchParams();
  const logId = params.get('log');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const step = logId ? 2 : preview ? 1 : 0;

  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <ImportPageHeading
        back={{ href: list.href, label: list.backLabel }}
        title={title}
        subtitle={subtitle}
        step={step}
      />
      {logId ? (
        <ImportLogView
          key={logId}
          importId={logId}
          changes={changes}
          fieldLabel={fieldLabel}
          successActions={() => (
            <Box>
              <Button variant="contained" href={list.href}>
                {list.viewLabel}
              </Button>
            </Box>
          )}
          onAnother={() => {
            setPreview(null);
            setParams(new URLSearchParams());
          }}
        />
      ) : preview ? (
        <ImportMappingStep
          key={preview.importId}
          preview={preview}
          fieldLabel={fieldLabel}
          kindLabel={kindLabel}
          check={check}
          onBack={() => setPreview(null)}
          onStarted={(importId) => {
            setPreview(null);
            setParams(new URLSearchParams({ log: importId }));
          }}
        />
      ) : (
        <ImportUploadStep
          kind={target}
          kinds={[{ value: target, label: kindLabel }]}
          onKindChange={() => undefined}
          onUploaded={setPreview}
        />
      )}
      <RecentImports kinds={[target]} logPath={path} kindLabel={() => kindLabel} />
    </Stack>
  );
}
