import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { restBlob } from '@client/lib/rest';

/**
 * An object URL for a file the API serves only with the bearer token (an <img src> cannot send it).
 * The blob is cached by its URL (which carries a content version); the object URL lives while the
 * component does.
 */
export function useBlobUrl(url: string | null | undefined): { src: string | null; failed: boolean } {
  const query = useQuery({
    queryKey: ['blob', url],
    queryFn: ({ signal }) => restBlob(url!, signal),
    enabled: !!url,
    staleTime: Infinity,
    gcTime: 10 * 60_000,
  });
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) {
      setSrc(null);
      return;
    }
    const objectUrl = URL.createObjectURL(query.data);
    setSrc(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [query.data]);
  return { src, failed: query.isError };
}
