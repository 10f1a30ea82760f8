import { AspectRatio, Center, Image, Skeleton, ThemeIcon } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import type { TemplateDto } from '@client/lib/api-types';
import { useBlobUrl } from '@client/lib/blob-url';

/** The first page of a template, rendered by the server (fetched with the bearer token). */
export function TemplatePreview({
  template,
  ratio = 1 / 1.294,
}: {
  template: Pick<TemplateDto, 'name' | 'preview'>;
  ratio?: number;
}) {
  const { src, failed } = useBlobUrl(template.preview);
  return (
    <AspectRatio ratio={ratio} style={{ background: 'var(--mantine-color-gray-0)', overflow: 'hidden' }}>
      {src ? (
        <Image src={src} alt={`First page of ${template.name}`} fit="cover" style={{ objectPosition: 'top' }} />
      ) : !template.preview || failed ? (
        <Center>
          <ThemeIcon size={56} radius="xl" variant="light" color="gray">
            <IconFileText size={30} stroke={1.5} />
          </ThemeIcon>
        </Center>
      ) : (
        <Skeleton h="100%" radius={0} />
      )}
    </AspectRatio>
  );
}
