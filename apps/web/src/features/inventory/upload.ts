import { routePaths, type ImportReport } from '@cardstock/contract';

export class UploadHttpError extends Error {
  constructor(
    readonly status: number,
    readonly report: ImportReport | undefined,
    message: string,
  ) {
    super(message);
  }
}
export class UploadNetworkError extends Error {}

/**
 * Sends the CSV as a multipart form with XMLHttpRequest, which (unlike fetch)
 * reports upload progress for the progress bar.
 */
export function uploadCsv(
  file: File,
  fields: Record<string, string>,
  onProgress: (fraction: number) => void,
): Promise<ImportReport> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(...routePaths.inventoryImport);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new UploadNetworkError('network'));
    xhr.onload = () => {
      let body: (ImportReport & { message?: string }) | undefined;
      try {
        body = JSON.parse(xhr.responseText) as ImportReport;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve(body);
      else
        reject(
          new UploadHttpError(xhr.status, body && 'rows' in body ? body : undefined, body?.message ?? xhr.statusText),
        );
    };
    xhr.send(form);
  });
}
