import { messages } from '@cardstock/contract';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { download, errorText } from '../../lib/api.ts';

const m = messages.settings;

/** The Owner takes all of the shop's data along as one JSON file (privacy policy). */
export function ShopDataCard() {
  const [busy, setBusy] = useState(false);
  async function saveData() {
    setBusy(true);
    try {
      toast.success(m.dataSaved(await download('shopExport', {}, 'cardstock-shop.json')));
    } catch (err) {
      toast.error(m.dataFailed(errorText(err, messages.common.noResponse, String(err))));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="card settings-card" aria-labelledby="shop-data-title">
      <h2 id="shop-data-title">{m.dataTitle}</h2>
      <p className="muted">{m.dataText}</p>
      <button type="button" className="btn" onClick={() => void saveData()} disabled={busy}>
        {busy ? m.dataPreparing : m.dataDownload}
      </button>
    </section>
  );
}
