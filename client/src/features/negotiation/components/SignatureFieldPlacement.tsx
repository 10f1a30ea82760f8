import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SignatureField } from '@shared/schemas/signature-fields';
import { useCurrentUser } from '@client/features/auth';
import { useSenderJobTitle } from '../api/signature-fields';
import { useDocumentPages } from '../hooks/use-document-pages';
import { type SignatureFieldSaver, useSignatureFieldEditor } from '../hooks/use-signature-field-editor';
import { NdaPdfViewer } from './NdaPdfViewer';
import classes from './NdaWorkspace.module.css';
import { SignatureFieldLayer } from './SignatureFieldLayer';
import { SignatureFieldsPanel } from './SignatureFieldsPanel';

interface SignatureFieldPlacementProps {
  /** The document's PDF bytes, once loaded. */
  data: ArrayBuffer | undefined;
  loadError: string | null;
  /** The fields saved so far (undefined while they load). */
  saved: SignatureField[] | undefined;
  saver: SignatureFieldSaver;
  /** Whether the viewer may change the fields (else they are shown read-only). */
  canEdit: boolean;
  /** What these fields are for, shown above the fields panel. */
  note?: ReactNode;
}

const NO_USER = { id: 0, jobTitle: '' };

/**
 * A document on its own, with its signature fields: the viewer and tools of a group's NDA page
 * (draw, move, resize and delete boxes for each party and kind, then save the set), for the project
 * NDA and for a template.
 */
export function SignatureFieldPlacement({
  data,
  loadError,
  saved,
  saver,
  canEdit,
  note,
}: SignatureFieldPlacementProps) {
  const pages = useDocumentPages();
  const editor = useSignatureFieldEditor(saver, saved);
  const me = useCurrentUser();
  const senderTitle = useSenderJobTitle(me ?? NO_USER, canEdit && !!me);

  return (
    <div className={classes.wide}>
      <div className={classes.layout}>
        <NdaPdfViewer
          data={data}
          loadError={loadError}
          page={pages.page}
          numPages={pages.numPages}
          onPageChange={pages.setPage}
          onNumPages={pages.onNumPages}
          overlay={(size, pageNumber, pixelRatio) => (
            <SignatureFieldLayer
              size={size}
              pixelRatio={pixelRatio}
              page={pageNumber}
              editor={editor}
              editing={editor.editing && canEdit}
            />
          )}
          onPageBox={pages.onPageBox}
        />
        <Stack gap="lg" className={classes.side}>
          {note}
          <SignatureFieldsPanel
            editor={editor}
            canEdit={canEdit}
            page={pages.page}
            onShowPage={pages.setPage}
            senderTitle={senderTitle}
            pageBoxes={pages.pageBoxes}
          />
        </Stack>
      </div>
    </div>
  );
}
