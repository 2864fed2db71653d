import { gtinForms, type ScanCode } from '@cardstock/contract';
import type { Executor } from '../../db/database.ts';
import { sealedRepository, type SealedRow } from '../sealed/sealed.repository.ts';
import { inventoryRepository, type InventoryJoinedRow } from './inventory.repository.ts';

/** Stock a scan names exactly: one of the shop's rows (its label), or one of its sealed products (its UPC/EAN). */
export type ScannedStock = { kind: 'row'; row: InventoryJoinedRow } | { kind: 'sealed'; product: SealedRow };

/**
 * What a label code or a UPC/EAN names in a shop (decision 040), for quick add and the register alike: a label is
 * the shop's row of that id (another shop's names nothing), a GTIN the shop's product with it in any of its forms.
 * Undefined for nothing, and for the other kinds of code (printings, which each reader resolves its own way).
 */
export async function scannedStock(db: Executor, shopId: number, read: ScanCode): Promise<ScannedStock | undefined> {
  if (read.kind === 'label') {
    const [row] = await inventoryRepository.rowsByIds(db, shopId, [read.row]);
    return row && { kind: 'row', row };
  }
  if (read.kind === 'gtin') {
    const product = await sealedRepository.findByUpc(db, shopId, gtinForms(read.gtin));
    return product && { kind: 'sealed', product };
  }
  return undefined;
}
