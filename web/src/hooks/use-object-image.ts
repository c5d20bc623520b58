/**
 * A stored photo as an address an <img> can show. A public object or an absolute address is used
 * as it is; a private object (an ID photo, a selfie) is fetched with the member's bearer token and
 * shown from a blob: URL, released when the photo changes or the component goes away.
 */
import { useEffect, useState } from 'react';
import { apiRequest } from '../lib/api-client.ts';
import { objectSrc, privateObjectFetchPath } from '../lib/object-url.ts';

export interface ObjectImage {
  src: string | null;
  status: 'none' | 'loading' | 'ready' | 'error';
}

export function useObjectImage(url: string | null | undefined): ObjectImage {
  const fetchPath = privateObjectFetchPath(url);
  const direct = objectSrc(url);
  const [fetched, setFetched] = useState<{ path: string; src: string | null; failed: boolean } | null>(null);

  useEffect(() => {
    if (fetchPath === null) return;
    const controller = new AbortController();
    let blobUrl: string | null = null;
    apiRequest(fetchPath, { signal: controller.signal })
      .then((response) => response.blob())
      .then((blob) => {
        blobUrl = URL.createObjectURL(blob);
        setFetched({ path: fetchPath, src: blobUrl, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setFetched({ path: fetchPath, src: null, failed: true });
      });
    return () => {
      controller.abort();
      if (blobUrl !== null) URL.revokeObjectURL(blobUrl);
    };
  }, [fetchPath]);

  if (fetchPath === null) return direct === null ? { src: null, status: url ? 'error' : 'none' } : { src: direct, status: 'ready' };
  if (fetched === null || fetched.path !== fetchPath) return { src: null, status: 'loading' };
  return fetched.failed ? { src: null, status: 'error' } : { src: fetched.src, status: 'ready' };
}
