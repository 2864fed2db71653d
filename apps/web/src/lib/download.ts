import { ApiError } from './api.ts';

/**
 * Saves a file answer under the name the server gives it (Content-Disposition),
 * or throws the server's refusal. Files behind a token cannot be plain links.
 */
export async function saveDownload(res: Response, fallbackName: string): Promise<string> {
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(res.status, body.message ?? res.statusText, res.statusText);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
  return name;
}
