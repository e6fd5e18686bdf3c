/** How a kit's quantities read: '2', '2.5'. */
import { numberFormat } from '@/lib/format';

export function formatQuantity(value: number): string {
  return numberFormat({ maximumFractionDigits: 3 }).format(value);
}
