import { Box, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type RefObject, useEffect, useState } from 'react';
import { MAX_NAME } from '@shared/schemas/fields';
import { renderTypedSignature, signatureFontReady, TYPED_SIGNATURE } from '../signature-canvas';

export interface TypedSignatureValues {
  firstName: string;
  surname: string;
}

export function typedSignatureText(values: TypedSignatureValues): string {
  return `${values.firstName.trim()} ${values.surname.trim()}`.trim();
}

interface TypeSignaturePanelProps {
  form: UseFormReturnType<TypedSignatureValues>;
  canvasRef: RefObject<HTMLCanvasElement | null>;
}

/** First name and surname, written live in a handwriting face on a 400x80 canvas: what gets saved. */
export function TypeSignaturePanel({ form, canvasRef }: TypeSignaturePanelProps) {
  const text = typedSignatureText(form.values);
  const [fontReady, setFontReady] = useState(false);
  useEffect(() => {
    let live = true;
    void signatureFontReady().then(() => live && setFontReady(true));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (canvasRef.current) renderTypedSignature(canvasRef.current, text);
  }, [canvasRef, text, fontReady]);

  return (
    <Box>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label="First name"
          maxLength={MAX_NAME}
          autoComplete="given-name"
          {...form.getInputProps('firstName')}
        />
        <TextInput label="Surname" maxLength={MAX_NAME} autoComplete="family-name" {...form.getInputProps('surname')} />
      </SimpleGrid>
      <Box
        mt="md"
        maw={TYPED_SIGNATURE.width + 2}
        mx="auto"
        style={{
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 'var(--mantine-radius-md)',
          background: '#fff',
          overflow: 'hidden',
        }}
      >
        <canvas
          ref={canvasRef}
          width={TYPED_SIGNATURE.width}
          height={TYPED_SIGNATURE.height}
          data-testid="typed-signature-canvas"
          role="img"
          aria-label={text ? `Typed signature preview: ${text}` : 'Typed signature preview'}
          style={{
            display: 'block',
            width: '100%',
            height: 'auto',
            aspectRatio: `${TYPED_SIGNATURE.width} / ${TYPED_SIGNATURE.height}`,
          }}
        />
      </Box>
    </Box>
  );
}
