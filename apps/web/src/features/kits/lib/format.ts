/** How a kit's figures read: '1,234.50', '2.5', 'Nov 21, 2026'. */
import { currentLanguageTag } from '@/lib/i18n';

export function formatMoney(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return new Intl.NumberFormat(currentLanguageTag(), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
}

export function formatQuantity(value: number): string {
  return new Intl.NumberFormat(currentLanguageTag(), { maximumFractionDigits: 3 }).format(value);
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(currentLanguageTag(), { dateStyle: 'medium' }).format(date);
}
