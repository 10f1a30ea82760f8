import { ActionIcon, Button, Group, Paper, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPlus, IconSignature, IconTrash } from '@tabler/icons-react';
import {
  fieldLabel,
  fieldSizeWarning,
  hasField,
  KIND_LABELS,
  MAX_SIGNATURE_FIELDS,
  PARTY_LABELS,
  SIGNATURE_FIELD_KINDS,
  SIGNATURE_FIELD_PARTIES,
  type SignatureFieldKind,
  type SignatureFieldParty,
} from '@shared/schemas/signature-fields';
import { boxAt } from '../field-boxes';
import type { SignatureFieldEditor } from '../hooks/use-signature-field-editor';
import { SenderTitleWarning } from './SenderTitleWarning';

interface SignatureFieldsPanelProps {
  editor: SignatureFieldEditor;
  /** The sender may place fields (a signed NDA keeps its own). */
  canEdit: boolean;
  page: number;
  onShowPage: (page: number) => void;
  /** Whether the account owner lacks the job title a sender title field shows, and whether the viewer is the owner. */
  senderTitle: { missing: boolean; isOwner: boolean };
  /** The size in points of each page read so far: boxes too small for their text or signature are pointed out. */
  pageBoxes: Record<number, { width: number; height: number }>;
}

const partyOptions = SIGNATURE_FIELD_PARTIES.map((value) => ({ value, label: PARTY_LABELS[value] }));
const kindOptions = SIGNATURE_FIELD_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }));

/**
 * Where each party signs. The sender places fields: choose the party and the kind, then draw a box on
 * the page (or press Add to this page), move and resize it, and save the set. The list names
 * every field with its page, so fields can be found, selected and deleted without a mouse. The
 * recipient sees the list and the boxes read-only.
 */
export function SignatureFieldsPanel({
  editor,
  canEdit,
  page,
  onShowPage,
  senderTitle,
  pageBoxes,
}: SignatureFieldsPanelProps) {
  const { fields, editing } = editor;
  if (!canEdit && !fields.length) return null;
  const warnTitle = canEdit && senderTitle.missing && hasField(fields, 'sender', 'title');

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="signature-fields-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap={6} wrap="nowrap">
            <IconSignature size={18} aria-hidden />
            <Title order={3} fz="md" id="signature-fields-title" style={{ whiteSpace: 'nowrap' }}>
              Signature fields
            </Title>
          </Group>
          {canEdit && !editing && (
            <Button size="xs" variant="light" onClick={editor.start}>
              Place signature fields
            </Button>
          )}
        </Group>
        <Text fz="sm" c="dimmed">
          {editing
            ? 'Draw a box on the page where the field goes, or use Add to this page. Drag to move, pull the handles to resize; Delete removes the selected field, the arrow keys move it (Shift resizes), Escape deselects it.'
            : fields.length
              ? 'Filled in at signing: each signature, name, title, company, address and date goes in its box.'
              : 'No fields: the signatures go on a signature page added after the NDA.'}
        </Text>
        {warnTitle && <SenderTitleWarning isOwner={senderTitle.isOwner} />}
        {editing && (
          <Group grow gap="xs" align="end">
            <Select
              label="Party"
              size="xs"
              data={partyOptions}
              value={editor.party}
              allowDeselect={false}
              onChange={(v) => v && editor.setParty(v as SignatureFieldParty)}
            />
            <Select
              label="Kind"
              size="xs"
              data={kindOptions}
              value={editor.kind}
              allowDeselect={false}
              onChange={(v) => v && editor.setKind(v as SignatureFieldKind)}
            />
          </Group>
        )}
        {editing && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlus size={14} />}
            disabled={fields.length >= MAX_SIGNATURE_FIELDS}
            onClick={() => editor.add(page, boxAt({ x: 0.1, y: 0.1 }, editor.kind))}
          >
            Add to this page
          </Button>
        )}
        {fields.length > 0 && (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Placed signature fields">
            {fields.map((field) => {
              const label = `${fieldLabel(field)}, page ${field.page}`;
              const selected = field.key === editor.selectedKey;
              const box = pageBoxes[field.page];
              const warning = canEdit && box ? fieldSizeWarning(field, box) : null;
              return (
                <Stack key={field.key} component="li" gap={2}>
                  <Group justify="space-between" wrap="nowrap" gap="xs" data-testid="signature-field-item">
                    <Button
                      variant={selected ? 'light' : 'subtle'}
                      size="compact-sm"
                      aria-pressed={editing ? selected : undefined}
                      onClick={() => {
                        onShowPage(field.page);
                        if (editing) editor.select(field.key);
                      }}
                    >
                      {label}
                    </Button>
                    {editing && (
                      <Tooltip label="Delete this field">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${label}`}
                          onClick={() => editor.remove(field.key)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Group>
                  {warning && (
                    <Text fz="xs" c="orange" data-testid="signature-field-warning">
                      {warning}
                    </Text>
                  )}
                </Stack>
              );
            })}
          </Stack>
        )}
        {editing && (
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={editor.cancel} disabled={editor.saving}>
              Cancel
            </Button>
            <Button size="xs" onClick={() => void editor.save()} loading={editor.saving} disabled={!editor.dirty}>
              Save fields
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
