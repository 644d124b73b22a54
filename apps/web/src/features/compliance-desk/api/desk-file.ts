import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useSessionManager, useSessionStore } from '@/app/session';
import { apiLink } from '@/lib/download-file';
import { deskKeys } from './keys';

/**
 * A desk file (a document's part, a provider's picture) fetched with the administrator's bearer:
 * the routes are session routes, which a plain link cannot call, so the web reads the file as a
 * blob and opens it from an object URL.
 */
export function useDeskFileFetch(): (path: string, signal?: AbortSignal) => Promise<Blob> {
  const { baseUrl } = useSessionManager();
  const session = useSessionStore();
  return useCallback(
    async (path: string, signal?: AbortSignal) => {
      const token = session.getAccessToken();
      const response = await fetch(apiLink(baseUrl, path), {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        credentials: 'same-origin',
        signal,
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.blob();
    },
    [baseUrl, session],
  );
}

/** Saves a blob under its file name, without leaving the page. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the data to the browser's download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A provider's picture as an object URL, released when the view goes. */
export function useDeskPicture(path: string) {
  const fetchFile = useDeskFileFetch();
  const query = useQuery({
    queryKey: [...deskKeys.all, 'picture', path],
    queryFn: ({ signal }) => fetchFile(path, signal),
    staleTime: Infinity,
    gcTime: 0,
  });
  const url = useMemo(() => (query.data ? URL.createObjectURL(query.data) : null), [query.data]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return { url, isPending: query.isPending, isError: query.isError };
}
