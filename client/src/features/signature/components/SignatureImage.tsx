import { Box, Center, Loader, Text } from '@mantine/core';
import { useBlobUrl } from '@client/lib/blob-url';

interface SignatureImageProps {
  /** The authenticated URL of the signature (user.sign, company.ownerSign), or null. */
  url: string | null;
  /** What to say when there is no signature. */
  emptyText?: string;
  height?: number;
  alt?: string;
}

/** A saved signature on a paper-like strip with a signing line, or a note that there is none yet. */
export function SignatureImage({
  url,
  emptyText = 'No signature yet',
  height = 110,
  alt = 'Saved signature',
}: SignatureImageProps) {
  const { src, loading } = useBlobUrl(url);
  return (
    <Box
      h={height}
      px="md"
      style={{
        position: 'relative',
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 'var(--mantine-radius-md)',
        background: 'linear-gradient(180deg, #ffffff 0%, #fbfcfe 100%)',
      }}
    >
      <Box
        aria-hidden
        style={{
          position: 'absolute',
          left: 16,
          right: 16,
          bottom: 22,
          borderBottom: '1px dashed var(--mantine-color-gray-4)',
        }}
      />
      <Center h="100%" style={{ position: 'relative' }}>
        {src ? (
          <img src={src} alt={alt} style={{ maxWidth: '100%', maxHeight: height - 16, objectFit: 'contain' }} />
        ) : loading ? (
          <Loader size="sm" color="gray" aria-label="Loading signature" />
        ) : (
          <Text c="dimmed" fz="sm">
            {emptyText}
          </Text>
        )}
      </Center>
    </Box>
  );
}
