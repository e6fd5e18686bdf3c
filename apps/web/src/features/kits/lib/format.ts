/** How a kit's quantities read: '2', '2.5'. */
import { currentLanguageTag } from '@/lib/i18n';

export function formatQuantity(value: number): string {
  return new Intl.NumberFormat(currentLanguageTag(), { maximumFractionDigits: 3 }).format(value);
}
