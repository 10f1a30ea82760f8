import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { PageHeader } from '../components/ui/PageHeader';
import { PageError, PageSkeleton } from '@client/components/ui/PageState';
import { RouterLink } from '../components/ui/RouterLink';
import { usePageTitle } from '../components/ui/use-page-title';
import type { TemplateDto } from '@client/lib/api-types';
import { useTemplate } from '@client/features/templates';

/** A page under the templates ("← Templates", its header); with `children`, of the template in the path. */
export function TemplatePageFrame({
  pageTitle,
  title,
  description,
  children,
}: {
  pageTitle: string;
  /** The heading, once the template's name is known (`pageTitle` until then). */
  title?: (template: TemplateDto) => string;
  description: string;
  children: ReactNode | ((template: TemplateDto) => ReactNode);
}) {
  usePageTitle(pageTitle);
  const param = Number(useParams().templateId);
  const templateId = typeof children === 'function' && Number.isInteger(param) && param > 0 ? param : null;
  const template = useTemplate(templateId);
  const body =
    typeof children !== 'function' ? (
      children
    ) : templateId === null ? (
      <PageError error={new Error('This template does not exist.')} />
    ) : template.isPending ? (
      <PageSkeleton />
    ) : template.error ? (
      <PageError error={template.error} />
    ) : (
      children(template.data)
    );
  return (
    <Stack gap="md">
      <div>
        <RouterLink to="/templates" fz="sm" c="dimmed">
          ← Templates
        </RouterLink>
        <PageHeader title={template.data && title ? title(template.data) : pageTitle} description={description} />
      </div>
      {body}
    </Stack>
  );
}
