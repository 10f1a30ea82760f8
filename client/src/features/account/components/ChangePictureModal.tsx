import '@mantine/dropzone/styles.css';
import { Avatar, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconPhoto, IconPhotoUp, IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useMemo } from 'react';
import { ACCOUNT_MESSAGES, AVATAR_TYPES, avatarForm, MAX_AVATAR_BYTES } from '@shared/schemas/account';
import { notifySuccess } from '@client/components/ui/notify';
import { initialsOf } from '@client/components/ui/UserAvatar';
import type { CurrentUser } from '@client/lib/router-types';
import { applyFormErrors } from '@client/lib/errors';
import { uploadMyImage, useSetCurrentUser } from '@client/features/auth';

const MAX_MB = MAX_AVATAR_BYTES / (1024 * 1024);

interface ChangePictureModalProps {
  user: CurrentUser;
  opened: boolean;
  onClose: () => void;
}

/** Picks a PNG or JPEG photo (dropped or chosen), previews it, and saves it as the user's avatar. */
export function ChangePictureModal({ user, opened, onClose }: ChangePictureModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Change picture"
      size={480}
      centered
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <PictureEditor user={user} onDone={onClose} />
    </Modal>
  );
}

function PictureEditor({ user, onDone }: { user: CurrentUser; onDone: () => void }) {
  const setCurrentUser = useSetCurrentUser();
  const form = useForm<{ image: File | null }>({
    initialValues: { image: null },
    validate: schemaResolver(avatarForm, { sync: true }),
  });
  const upload = useMutation({ mutationFn: (image: File) => uploadMyImage('avatar', image, image.name) });
  const picked = form.values.image;
  const error = form.errors.image as string | undefined;
  // Only a file the form accepts is previewed and saved.
  const file = picked && !error ? picked : null;

  // The object URL is made once per chosen file and revoked when another is chosen or the modal goes.
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const choose = (files: File[]) => {
    if (!files[0]) return;
    form.setFieldValue('image', files[0]);
    form.validateField('image');
  };

  const reject = (rejections: FileRejection[]) => {
    const code = rejections[0]?.errors[0]?.code;
    form.setFieldValue('image', null);
    form.setFieldError('image', code === 'too-many-files' ? ACCOUNT_MESSAGES.oneImage : ACCOUNT_MESSAGES.imageType);
  };

  const save = form.onSubmit(async ({ image }) => {
    if (!image) return;
    try {
      setCurrentUser(await upload.mutateAsync(image));
      notifySuccess('Your photo is updated.');
      onDone();
    } catch (err) {
      applyFormErrors(form, err, { avatar: 'image' });
    }
  });

  return (
    <Stack gap="md">
      <Group gap="md" wrap="nowrap">
        <Avatar src={preview} size={72} radius="xl" color="navy" variant="filled" alt="New photo preview">
          {initialsOf(user)}
        </Avatar>
        <Text fz="sm" c="dimmed">
          {file ? (
            <>
              <Text span fw={600} c="dark">
                {file.name}
              </Text>{' '}
              is ready. Save to use it as your photo.
            </>
          ) : (
            'Your photo appears to your team and, on projects, to the people you negotiate with.'
          )}
        </Text>
      </Group>
      <Dropzone
        onDrop={choose}
        onReject={reject}
        accept={[...AVATAR_TYPES]}
        multiple={false}
        maxFiles={1}
        loading={upload.isPending}
        aria-label="Upload a photo: drop a PNG or JPEG image here, or press to choose one"
        inputProps={{ 'aria-label': 'Photo file' }}
      >
        <Group justify="center" gap="md" mih={120} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <Dropzone.Accept>
            <IconPhotoUp size={40} stroke={1.5} color="var(--mantine-color-navy-6)" />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={40} stroke={1.5} color="var(--mantine-color-red-6)" />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconPhoto size={40} stroke={1.5} color="var(--mantine-color-gray-5)" />
          </Dropzone.Idle>
          <Stack gap={2}>
            <Text fw={600}>Drop a photo here or click to choose</Text>
            <Text fz="sm" c="dimmed">
              PNG or JPEG, up to {MAX_MB} MB
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      {error && (
        <Text c="red.8" fz="sm" role="alert">
          {error}
        </Text>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone} disabled={upload.isPending}>
          Cancel
        </Button>
        <Button onClick={() => save()} loading={upload.isPending} disabled={!file}>
          Save photo
        </Button>
      </Group>
    </Stack>
  );
}
