import { useCallback, useEffect, useMemo, useState } from 'react';
import type { SignatureField, SignatureFieldKind, SignatureFieldParty } from '@shared/schemas/signature-fields';
import { notifyError, notifySuccess } from '@client/components/ui/notify';
import { errorMessageOf } from '@client/lib/errors';
import { clampBox, type DraftField, fromDrafts, newFieldKey, toDrafts } from '../field-boxes';

type Box = Pick<SignatureField, 'x' | 'y' | 'width' | 'height'>;

/** Where a set of fields is saved: a group's NDA, the project NDA or a template. */
export interface SignatureFieldSaver {
  save: (fields: SignatureField[]) => Promise<unknown>;
  saving: boolean;
}

/** How far the arrow keys move (or, with Shift, resize) the selected field: a fraction of the page. */
const NUDGE = 0.005;

/**
 * The sender's editing of the signature fields: a draft of the whole set, taken from the saved
 * fields when editing starts and saved as a whole (PUT). The selected field answers the keyboard:
 * Delete or Backspace removes it, the arrow keys move it, Shift with the arrows resizes it.
 */
export function useSignatureFieldEditor({ save, saving }: SignatureFieldSaver, saved: SignatureField[] | undefined) {
  const [draft, setDraft] = useState<DraftField[] | null>(null);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [party, setParty] = useState<SignatureFieldParty>('recipient');
  const [kind, setKind] = useState<SignatureFieldKind>('signature');
  const [dirty, setDirty] = useState(false);
  const editing = draft !== null;
  const shown = useMemo(() => toShown(saved), [saved]);

  const start = () => {
    setDraft(toDrafts(saved ?? []));
    setDirty(false);
  };
  const stop = () => {
    setDraft(null);
    setSelectedKey(null);
    setDirty(false);
  };
  const update = useCallback((change: (list: DraftField[]) => DraftField[]) => {
    setDraft((list) => (list ? change(list) : list));
    setDirty(true);
  }, []);

  const add = (page: number, box: Box) => {
    const key = newFieldKey();
    update((list) => [...list, { key, party, kind, page, ...clampBox(box) }]);
    setSelectedKey(key);
  };
  const change = useCallback(
    (key: string, box: Box) => update((list) => list.map((f) => (f.key === key ? { ...f, ...clampBox(box) } : f))),
    [update],
  );
  const remove = useCallback(
    (key: string) => {
      update((list) => list.filter((f) => f.key !== key));
      setSelectedKey((k) => (k === key ? null : k));
    },
    [update],
  );

  const submit = async () => {
    if (!draft) return;
    try {
      await save(fromDrafts(draft));
      notifySuccess('Signature fields saved.');
      stop();
    } catch (err) {
      notifyError(errorMessageOf(err));
    }
  };

  useEffect(() => {
    if (!editing || !selectedKey) return;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="combobox"]')) return;
      const field = draft?.find((f) => f.key === selectedKey);
      if (!field) return;
      if (e.key === 'Escape') {
        setSelectedKey(null);
        return;
      }
      if (e.key === 'Delete' || e.key === 'Backspace') {
        e.preventDefault();
        remove(selectedKey);
        return;
      }
      const step = { ArrowLeft: [-NUDGE, 0], ArrowRight: [NUDGE, 0], ArrowUp: [0, -NUDGE], ArrowDown: [0, NUDGE] }[
        e.key
      ];
      if (!step) return;
      e.preventDefault();
      const [dx, dy] = step as [number, number];
      change(
        selectedKey,
        e.shiftKey
          ? { ...field, width: field.width + dx, height: field.height + dy }
          : { ...field, x: field.x + dx, y: field.y + dy },
      );
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [editing, selectedKey, draft, remove, change]);

  return {
    editing,
    /** What the page shows: the draft while editing, else the saved fields. */
    fields: draft ?? shown,
    selectedKey: editing ? selectedKey : null,
    party,
    kind,
    dirty,
    saving,
    setParty,
    setKind,
    select: setSelectedKey,
    start,
    cancel: stop,
    add,
    change,
    remove,
    save: submit,
  };
}

export type SignatureFieldEditor = ReturnType<typeof useSignatureFieldEditor>;

/** Saved fields keyed by their place in the list (stable while nobody edits). */
function toShown(saved: SignatureField[] | undefined): DraftField[] {
  return (saved ?? []).map((f, i) => ({ ...f, key: `saved-${i}` }));
}
