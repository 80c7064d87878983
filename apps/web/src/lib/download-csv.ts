import { getAccessToken } from './access-token';

/**
 * Downloads an export (CONST-010) with the session's bearer token: a plain link cannot carry the
 * Authorization header. The file name is the server's (Content-Disposition), else `fallbackName`.
 */
export async function downloadCsv(url: string, fallbackName: string): Promise<void> {
  const token = getAccessToken();
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`Export failed with status ${response.status}`);
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(href);
}
