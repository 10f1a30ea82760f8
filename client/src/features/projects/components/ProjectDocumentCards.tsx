import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileCertificate, IconFileDescription, IconFileText } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { fetchNdaPdf, useProjectNda } from '../api/ndas';
import { fetchProjectFile } from '../api/projects';
import type { ProjectDto } from '@client/lib/api-types';
import { DocumentCard } from '@client/components/ui/DocumentCard';
import { type PdfLoader, PdfViewerModal } from '@client/components/ui/PdfViewerModal';

type Viewing = { title: string; load: PdfLoader } | null;

/** Project NDA, Project Teaser and Project CIM: view each one, and edit them for those who may. */
export function ProjectDocumentCards({ project, canChange }: { project: ProjectDto; canChange: boolean }) {
  const { nda, isPending } = useProjectNda(project.id);
  const [viewing, setViewing] = useState<Viewing>(null);
  const [opened, viewer] = useDisclosure(false);
  const show = useCallback(
    (v: NonNullable<Viewing>) => {
      setViewing(v);
      viewer.open();
    },
    [viewer],
  );
  const base = `/projects/${project.id}`;

  return (
    <>
      <DocumentCard
        testId="project-nda-card"
        title="Project NDA"
        icon={<IconFileCertificate size={22} />}
        name={nda?.name ?? (isPending ? 'Loading…' : null)}
        detail={
          nda
            ? `${nda.pageCount} ${nda.pageCount === 1 ? 'page' : 'pages'} · the NDA new groups receive`
            : 'New groups receive the project NDA.'
        }
        empty="No NDA yet"
        actions={
          <>
            {nda && (
              <Button
                size="xs"
                variant="light"
                onClick={() => show({ title: nda.name, load: (signal) => fetchNdaPdf(nda, signal) })}
              >
                View
              </Button>
            )}
            {canChange && (
              <Button size="xs" component={Link} to={`${base}/nda`} variant={nda ? 'subtle' : 'light'}>
                {nda ? 'Edit' : 'Add NDA'}
              </Button>
            )}
            {canChange && nda && (
              <Button size="xs" component={Link} to={`${base}/nda/fields`} variant="subtle">
                Signature fields
              </Button>
            )}
          </>
        }
      />
      <DocumentCard
        testId="project-teaser-card"
        title="Project Teaser"
        icon={<IconFileText size={22} />}
        name={project.teaser ? (project.teaserName ?? 'Teaser') : null}
        detail="Shown to groups you allow to see it."
        empty="No teaser yet"
        actions={
          <>
            {project.teaser && (
              <Button
                size="xs"
                variant="light"
                onClick={() =>
                  show({ title: 'Project Teaser', load: (signal) => fetchProjectFile(project.id, 'teaser', signal) })
                }
              >
                View
              </Button>
            )}
            {canChange && (
              <Button size="xs" component={Link} to={`${base}/teaser`} variant={project.teaser ? 'subtle' : 'light'}>
                {project.teaser ? 'Update' : 'Upload'}
              </Button>
            )}
          </>
        }
      />
      <DocumentCard
        testId="project-cim-card"
        title="Project CIM"
        icon={<IconFileDescription size={22} />}
        name={project.cim ? (project.cimName ?? 'CIM') : null}
        detail="Recipients see it once their NDA is signed."
        empty="No CIM yet"
        actions={
          <>
            {project.cim && (
              <Button
                size="xs"
                variant="light"
                onClick={() =>
                  show({ title: 'Project CIM', load: (signal) => fetchProjectFile(project.id, 'cim', signal) })
                }
              >
                View
              </Button>
            )}
            {canChange && (
              <Button size="xs" component={Link} to={`${base}/cim`} variant={project.cim ? 'subtle' : 'light'}>
                {project.cim ? 'Update' : 'Upload'}
              </Button>
            )}
          </>
        }
      />
      {viewing && <PdfViewerModal opened={opened} onClose={viewer.close} title={viewing.title} load={viewing.load} />}
    </>
  );
}
