/**
 * The organisation's default warehouse (`warehouses.is_default`, one at most): what `/defaultwarehouse`
 * and the settings answer, and where stock moves from unless another warehouse is named.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { warehouses } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

export async function findDefaultWarehouse(
  tx: Tx,
  organizationId: string,
): Promise<{ id: string; code: string; name: string } | null> {
  const [row] = await tx
    .select({ id: warehouses.id, code: warehouses.code, name: warehouses.name })
    .from(warehouses)
    .where(and(eq(warehouses.organizationId, organizationId), eq(warehouses.isDefault, true)));
  return row ?? null;
}

/** Makes `warehouseId` the default; the previous default stops being one. Another organisation's is 404. */
export async function makeDefaultWarehouse(
  tx: Tx,
  organizationId: string,
  warehouseId: string,
): Promise<void> {
  const [row] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.organizationId, organizationId), eq(warehouses.id, warehouseId)));
  if (!row) throw AppError.notFound('This warehouse');
  await tx
    .update(warehouses)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(
      and(
        eq(warehouses.organizationId, organizationId),
        eq(warehouses.isDefault, true),
        ne(warehouses.id, warehouseId),
      ),
    );
  await tx
    .update(warehouses)
    .set({ isDefault: true, updatedAt: new Date() })
    .where(and(eq(warehouses.organizationId, organizationId), eq(warehouses.id, warehouseId)));
}
