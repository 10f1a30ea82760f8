import { Alert, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconHelpCircle } from '@tabler/icons-react';
import type { VerifyResult, VerifySignature } from '@shared/verify';

const utc = (iso: string) => `${iso.replace('T', ' ').slice(0, 19)} UTC`;

function signatureLine(s: VerifySignature): string {
  const who = s.signer ? `Signed by ${s.signer}` : 'A signature with no readable signer';
  const state = s.valid ? 'intact' : 'broken: the signed content does not match it';
  const time = s.timestamp ? `, timestamped ${utc(s.timestamp)}` : '';
  const coverage = s.coversWholeDocument ? '' : '; it does not cover the whole file';
  return `${who}${time}: ${state}${coverage}.`;
}

/** What the check found, in plain words. */
export function VerifyResultCard({ result }: { result: VerifyResult }) {
  const verified = result.checksum === 'verified';
  return (
    <Stack gap="sm" aria-live="polite">
      {verified ? (
        <Alert color="green" icon={<IconCircleCheck />} title="This is a signed NDA we issued">
          <Text fz="sm">
            The file is exactly, byte for byte, the signed document {result.document}
            {result.signedAt ? `, signed on ${utc(result.signedAt)}` : ''}.
          </Text>
          {result.parties.length > 0 && (
            <List fz="sm" mt="xs">
              {result.parties.map((p) => (
                <List.Item key={p.role}>
                  {p.role}: {p.name ? `${p.name}, ` : ''}
                  {p.company}
                </List.Item>
              ))}
            </List>
          )}
        </Alert>
      ) : (
        <Alert color="orange" icon={<IconHelpCircle />} title="We did not issue this exact file">
          <Text fz="sm">
            No signed NDA of ours has this content. It may be a different document, or a copy that was changed after
            signing.
          </Text>
        </Alert>
      )}
      {result.modifiedAfterSealing && (
        <Alert color="red" icon={<IconAlertTriangle />} title="Changed after it was sealed">
          <Text fz="sm">Something was added to this file after its last signature. Do not rely on the added part.</Text>
        </Alert>
      )}
      <Text fz="sm" fw={600}>
        Digital signatures in the file
      </Text>
      {result.signatures.length === 0 ? (
        <Text fz="sm">The file carries no digital signature.</Text>
      ) : (
        <List fz="sm">
          {result.signatures.map((s, i) => (
            <List.Item key={i}>{signatureLine(s)}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
