import { Button, Group, Modal, Stack, Tabs, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconKeyboard, IconSignature } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { typedSignatureForm } from '@shared/schemas/forms';
import { notifyError, notifySuccess } from '@client/components/ui/notify';
import type { CurrentUser } from '@client/lib/router-types';
import { errorBodyOf, errorMessageOf } from '@client/lib/errors';
import { useCurrentUser } from '@client/features/auth';
import { useSaveSignature } from '../hooks/use-save-signature';
import { useSignaturePad } from '../hooks/use-signature-pad';
import { canvasToPng, renderTypedSignature, signatureFontReady } from '../signature-canvas';
import { DrawSignaturePanel } from './DrawSignaturePanel';
import { type TypedSignatureValues, TypeSignaturePanel, typedSignatureText } from './TypeSignaturePanel';

export interface SignatureModalProps {
  opened: boolean;
  onClose: () => void;
  /** Called with the updated user once the signature is saved to the profile (the modal then closes). */
  onSaved?: (user: CurrentUser) => void;
  /** Defaults to 'Add signature' or 'Update signature'. */
  title?: string;
  /** Shown above the tabs, e.g. why a signature is needed now. */
  description?: ReactNode;
}

/**
 * Adds or replaces the signed-in user's signature: drawn (400x140) or typed (400x80), saved as a PNG
 * to the profile. Reusable wherever a signature is needed first (team invitations, signing an NDA).
 */
export function SignatureModal({ opened, onClose, onSaved, title, description }: SignatureModalProps) {
  const user = useCurrentUser();
  const narrow = useMediaQuery('(max-width: 480px)');
  const hasSignature = Boolean(user?.sign);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title ?? (hasSignature ? 'Update signature' : 'Add signature')}
      size={520}
      fullScreen={narrow}
      centered
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {user && (
        <SignatureEditor
          user={user}
          description={description}
          onCancel={onClose}
          onSaved={(saved) => (onSaved?.(saved), onClose())}
        />
      )}
    </Modal>
  );
}

type Mode = 'draw' | 'type';

interface SignatureEditorProps {
  user: CurrentUser;
  description?: ReactNode;
  onCancel: () => void;
  onSaved: (user: CurrentUser) => void;
}

/** The modal's content; mounted only while the modal is open, so every opening starts clean. */
function SignatureEditor({ user, description, onCancel, onSaved }: SignatureEditorProps) {
  const [mode, setMode] = useState<Mode>('draw');
  const [error, setError] = useState<string | null>(null);
  const pad = useSignaturePad();
  const typedCanvasRef = useRef<HTMLCanvasElement | null>(null);
  const save = useSaveSignature();
  const typed = useForm<TypedSignatureValues>({
    initialValues: { firstName: user.firstName, surname: user.lastName },
    validateInputOnBlur: true,
    validate: schemaResolver(typedSignatureForm, { sync: true }),
  });

  const ready = mode === 'draw' ? !pad.isEmpty : typedSignatureText(typed.values).length > 0;

  const submit = async () => {
    setError(null);
    let png: Blob | null;
    if (mode === 'draw') {
      png = await pad.toPng();
      if (!png) return setError('Draw your signature first.');
    } else {
      if (typed.validate().hasErrors || !typedCanvasRef.current) return;
      // Saved in the handwriting face even when Save comes before the face has loaded.
      await signatureFontReady();
      renderTypedSignature(typedCanvasRef.current, typedSignatureText(typed.values));
      png = await canvasToPng(typedCanvasRef.current);
    }
    try {
      const saved = await save.mutateAsync(png);
      notifySuccess('Your signature is saved.');
      onSaved(saved);
    } catch (err) {
      const field = errorBodyOf(err)?.sign;
      const message = Array.isArray(field) ? field[0] : undefined;
      if (message) setError(message);
      else notifyError(errorMessageOf(err));
    }
  };

  return (
    <Stack gap="md">
      {description && (
        <Text fz="sm" c="dimmed">
          {description}
        </Text>
      )}
      <Tabs value={mode} onChange={(value) => (setMode((value as Mode) ?? 'draw'), setError(null))} keepMounted>
        <Tabs.List mb="md">
          <Tabs.Tab value="draw" leftSection={<IconSignature size={16} />}>
            Draw
          </Tabs.Tab>
          <Tabs.Tab value="type" leftSection={<IconKeyboard size={16} />}>
            Type
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="draw">
          <DrawSignaturePanel pad={pad} />
        </Tabs.Panel>
        <Tabs.Panel value="type">
          <TypeSignaturePanel form={typed} canvasRef={typedCanvasRef} />
        </Tabs.Panel>
      </Tabs>
      {error && (
        <Text c="red.8" fz="sm" role="alert">
          {error}
        </Text>
      )}
      <Text fz="xs" c="dimmed">
        By saving, you agree that this is your electronic signature. It is stamped on the NDAs you sign in NDA
        Workspace.
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
        <Button onClick={() => void submit()} loading={save.isPending} disabled={!ready}>
          Save signature
        </Button>
      </Group>
    </Stack>
  );
}
