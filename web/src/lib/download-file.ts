import { apiRequest } from './api-client.ts';

/** Saves a Blob's object address or a data: address under a file name. */
export function saveFile(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Fetches a file from this server with the member's bearer token (a plain link would not carry
 * it) and saves it under `fileName`. Rejects with the server's ApiError when it refuses.
 */
export async function downloadFile(path: string, fileName: string, accept: string): Promise<void> {
  const blob = await (await apiRequest(path, { headers: { Accept: accept } })).blob();
  const url = URL.createObjectURL(blob);
  saveFile(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
