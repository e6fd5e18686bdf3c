import { useTranslation } from 'react-i18next';
// The shared import wizard (it imports any target the server knows).
import { TargetImportPage } from '@/components/import-wizard/target-import-page';

/**
 * `/hoseassemblies/import` (admin). A row with an existing part number makes its next revision only when its
 * figures changed.
 */
export function AssemblyImportPage() {
  const { t } = useTranslation();
  return (
    <TargetImportPage
      target="hoseAssembly"
      path="/hoseassemblies/import"
      title={t('assemblies.importPage.title')}
      subtitle={t('assemblies.importPage.subtitle')}
      list={{
        href: '/hoseassemblies',
        backLabel: t('assemblies.detail.backToList'),
        viewLabel: t('assemblies.importPage.viewList'),
      }}
      changes={['hoseAssemblies']}
      kindLabel={t('assemblies.importPage.kind')}
      fieldLabel={(name) => t(`assemblies.importFields.${name as 'partNumber'}`, { defaultValue: name })}
    />
  );
}
