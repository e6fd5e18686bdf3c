import { useTranslation } from 'react-i18next';
// The shared import wizard (it imports any target the server knows).
import { TargetImportPage } from '@/components/import-wizard/target-import-page';

type Target = 'customer' | 'customerItem';

const PAGES: Record<
  Target,
  {
    path: string;
    title: 'title' | 'itemsTitle';
    subtitle: 'subtitle' | 'itemsSubtitle';
    kind: 'kindCustomer' | 'kindCustomerItem';
  }
> = {
  customer: { path: '/customers/import', title: 'title', subtitle: 'subtitle', kind: 'kindCustomer' },
  customerItem: {
    path: '/customers/items/import',
    title: 'itemsTitle',
    subtitle: 'itemsSubtitle',
    kind: 'kindCustomerItem',
  },
};

/** `/customers/import` (admin) and `/customers/items/import` (admin, professional or enterprise). */
export function CustomerImportPage({ target }: { target: Target }) {
  const { t } = useTranslation();
  const page = PAGES[target];
  return (
    <TargetImportPage
      target={target}
      path={page.path}
      title={t(`customers.importPage.${page.title}`)}
      subtitle={t(`customers.importPage.${page.subtitle}`)}
      list={{
        href: '/customers',
        backLabel: t('customers.backToList'),
        viewLabel: t('customers.importPage.viewList'),
      }}
      changes={['customers']}
      kindLabel={t(`customers.importPage.${page.kind}`)}
      fieldLabel={(name) => t(`customers.importFields.${name as 'name'}`, { defaultValue: name })}
    />
  );
}

export function CustomersImportPage() {
  return <CustomerImportPage target="customer" />;
}

export function CustomerItemsImportPage() {
  return <CustomerImportPage target="customerItem" />;
}
