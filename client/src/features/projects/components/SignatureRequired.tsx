import { Alert, Button } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

/** An account owner signs the NDAs the company sends: their signature comes before the first project. */
export function SignatureRequired() {
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconSignature size={20} />}
      title="Add your signature first"
      data-testid="signature-required"
    >
      Every NDA your company sends is signed with the account owner’s signature. Add yours on your account page, then
      come back to create the project.
      <div>
        <Button component={Link} to="/account" size="xs" variant="filled" color="orange" mt="sm">
          Add my signature
        </Button>
      </div>
    </Alert>
  );
}
