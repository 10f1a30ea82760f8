import { Alert, Stack } from '@mantine/core';
import { IconPointer } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { canPlaceSignatureFields } from '@shared/nda-lifecycle';
import type { PagePoint, Size } from '@shared/pointer-geometry';
import { trpc } from '@client/lib/trpc';
import { useReadingTracker } from '@client/features/engagement';
import { useNegotiationLiveUpdates } from '../api/live-updates';
import { useNdaPdf, useViewers } from '../api/review-queries';
import { useSaveSignatureFields, useSenderJobTitle, useSignatureFields } from '../api/signature-fields';
import { useThreadMutations } from '../api/thread-mutations';
import { useDocumentPages } from '../hooks/use-document-pages';
import { useSignatureFieldEditor } from '../hooks/use-signature-field-editor';
import type { NdaReview } from '../hooks/use-nda-review';
import { useThreadMarkers } from '../hooks/use-thread-markers';
import type { PendingPointer, Thread, ThreadPointer } from '../types';
import { CommentsPanel } from './CommentsPanel';
import { NdaPdfViewer } from './NdaPdfViewer';
import { useFocusKeeper } from '../hooks/use-focus-keeper';
import { LiveAnnouncer, useAnnounce } from './LiveAnnouncer';
import { NdaReviewHeader } from './NdaReviewHeader';
import classes from './NdaWorkspace.module.css';
import { MarkerPreview } from './MarkerPreview';
import { PointerLayer } from './PointerLayer';
import { SignatureFieldLayer } from './SignatureFieldLayer';
import { SignatureFieldsPanel } from './SignatureFieldsPanel';
import { SigningPanel } from './SigningPanel';

/** One empty list, so a viewer who may not see threads does not recompute the markers on every render. */
const NO_THREADS: Thread[] = [];

/**
 * The NDA review page once everything is loaded: header, the PDF with its pointers, signing and
 * comments, with one live region for what changes while the user works (LiveAnnouncer).
 */
export function NdaWorkspace({ review }: { review: NdaReview }) {
  return (
    <LiveAnnouncer>
      <Workspace review={review} />
    </LiveAnnouncer>
  );
}

function Workspace({ review }: { review: NdaReview }) {
  const ndaId = review.nda.id;
  const announce = useAnnounce();
  const rootRef = useRef<HTMLDivElement>(null);
  useFocusKeeper(rootRef);
  const pages = useDocumentPages();
  const { page, numPages, setPage: setPageState } = pages;
  const [commentModeChosen, setCommentMode] = useState(false);
  const [pendingChosen, setPending] = useState<PendingPointer | null>(null);
  const [activeThreadChosen, setActiveThreadId] = useState<number | null>(null);
  const [signHighlight, setSignHighlight] = useState(false);
  // A thread the user opened (from a pin, the open threads, or by adding it) takes the focus.
  const [focusRequest, setFocusRequest] = useState<{ threadId: number } | null>(null);
  const signingRef = useRef<HTMLDivElement>(null);

  const threadsQuery = trpc.threads.list.useQuery({ nda: ndaId }, { enabled: !!review.flags.canViewCommentthread });
  const threads = review.flags.canViewCommentthread ? threadsQuery.data : NO_THREADS;
  const pdf = useNdaPdf(review.nda);
  const mutations = useThreadMutations(ndaId);
  useNegotiationLiveUpdates(
    { ndaId, branchId: review.branch.id, projectId: review.project.id, sender: review.side === 'sender' },
    page,
    {
      meId: review.me.id,
      announce,
    },
  );

  /** Shows another page and says so (the buttons keep the focus). */
  const setPage = (next: number) => {
    setPageState(next);
    if (next !== page && numPages) announce(`Page ${next} of ${numPages}`);
  };
  const focusThread = (threadId: number) => setFocusRequest({ threadId });
  const viewers = useViewers(ndaId).filter((v) => v.userId !== review.me.id);
  const signatureFields = useSignatureFields(ndaId);
  const fieldSaver = useSaveSignatureFields(ndaId);
  const fieldEditor = useSignatureFieldEditor(fieldSaver, signatureFields.data?.fields);
  const canEditFields = review.side === 'sender' && canPlaceSignatureFields(review.nda);
  // A bidder's time on each page, for the sending team's engagement figures.
  const readingRef = useReadingTracker(review.side === 'sender' ? null : { nda: ndaId });
  const senderTitle = useSenderJobTitle(review.me, canEditFields);
  const placingFields = fieldEditor.editing && canEditFields;

  const { numbers, byId, markersOf } = useThreadMarkers(threads);

  // A signed or recalled NDA takes no new comments.
  const commentMode = review.canComment && commentModeChosen && !placingFields;
  const pending = review.canComment ? pendingChosen : null;
  // A thread deleted meanwhile is no longer highlighted.
  const activeThreadId =
    activeThreadChosen !== null && threads && !byId.has(activeThreadChosen) ? null : activeThreadChosen;

  const toggleComment = () => {
    setCommentMode((on) => !on);
    setPending(null);
  };

  const showSigning = () => {
    signingRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    signingRef.current?.focus({ preventScroll: true });
    setSignHighlight(true);
    window.setTimeout(() => setSignHighlight(false), 1600);
  };

  const showPointer = (pointer: ThreadPointer) => {
    setPage(pointer.page);
    setActiveThreadId(pointer.commentThread);
  };

  /** Opens a thread from the signing panel: its page, and the thread highlighted in the list and focused. */
  const openThread = (thread: Thread) => {
    const first = thread.pointers[0];
    if (first) setPage(first.page);
    setActiveThreadId(thread.id);
    focusThread(thread.id);
  };

  // ?thread=<id> (the clause view's links) opens that thread, once, when the threads are loaded
  // (state adjusted while rendering, as React advises, rather than in an effect).
  const [search] = useSearchParams();
  const linkedId = Number(search.get('thread')) || null;
  const linked = linkedId === null ? undefined : byId.get(linkedId);
  const [linkedOpened, setLinkedOpened] = useState<number | null>(null);
  if (linked && linkedOpened !== linked.id) {
    setLinkedOpened(linked.id);
    if (linked.pointers[0]) setPageState(linked.pointers[0].page);
    setActiveThreadId(linked.id);
  }

  const created = (thread: Thread) => {
    setCommentMode(false);
    setPending(null);
    setActiveThreadId(thread.id);
    focusThread(thread.id);
    announce(`Comment ${(threads ?? []).filter((t) => t.id < thread.id).length + 1} added.`);
  };

  const overlay = (size: Size, pageNumber: number, pixelRatio: number) => (
    <>
      <PointerLayer
        size={size}
        pixelRatio={pixelRatio}
        markers={markersOf(pageNumber)}
        pending={pending && pending.page === pageNumber ? pending : null}
        activeThreadId={activeThreadId}
        placing={commentMode}
        onPlace={(point: PagePoint, quote: string | null) => setPending({ page: pageNumber, ...point, quote })}
        onMarkerClick={(marker) => {
          setActiveThreadId(marker.threadId);
          focusThread(marker.threadId);
        }}
        preview={(marker) => <MarkerPreview thread={byId.get(marker.threadId)} number={marker.number} />}
      />
      {/* Above the pins: while the sender places fields this layer takes the mouse. */}
      <SignatureFieldLayer
        size={size}
        pixelRatio={pixelRatio}
        page={pageNumber}
        editor={fieldEditor}
        editing={placingFields}
      />
    </>
  );

  const comments = (
    <CommentsPanel
      key="comments"
      review={review}
      threads={threads}
      numbers={numbers}
      activeThreadId={activeThreadId}
      focusRequest={focusRequest}
      commentMode={commentMode}
      pending={pending}
      mutations={mutations}
      onCancelComment={toggleComment}
      onCreated={created}
      onActivate={setActiveThreadId}
      onShowPointer={showPointer}
    />
  );

  return (
    <div className={classes.wide} ref={rootRef} tabIndex={-1}>
      <NdaReviewHeader
        review={review}
        viewers={viewers}
        commentMode={commentMode}
        onToggleComment={toggleComment}
        onSign={showSigning}
      />
      <div className={classes.layout} data-composing={commentMode || undefined}>
        <Stack gap="sm" miw={0}>
          {commentMode && (
            <Alert
              variant="light"
              color="orange"
              icon={<IconPointer size={18} />}
              py="xs"
              data-testid="comment-mode-hint"
              // Narrower, the new-comment sheet over the page says it.
              visibleFrom="lg"
            >
              {pending
                ? 'Pointer placed: write your comment in the Comments panel.'
                : 'Click on the page where your comment applies, or select the words of the clause to quote them.'}
            </Alert>
          )}
          <NdaPdfViewer
            data={pdf.data}
            loadError={pdf.isError ? (pdf.error as Error).message || 'The NDA could not be loaded.' : null}
            page={page}
            numPages={numPages}
            onPageChange={setPage}
            onNumPages={pages.onNumPages}
            overlay={overlay}
            onPageBox={pages.onPageBox}
            pageRef={readingRef}
          />
        </Stack>
        <Stack gap="lg" className={classes.side}>
          {/* In comment mode the comments panel, with its new-comment form at the top, comes first. */}
          {commentMode && comments}
          <SigningPanel
            ref={signingRef}
            review={review}
            highlight={signHighlight}
            threads={threads}
            numbers={numbers}
            onOpenThread={openThread}
          />
          {!commentMode && comments}
          <SignatureFieldsPanel
            editor={fieldEditor}
            canEdit={canEditFields}
            page={page}
            onShowPage={setPage}
            senderTitle={senderTitle}
            pageBoxes={pages.pageBoxes}
          />
        </Stack>
      </div>
    </div>
  );
}
