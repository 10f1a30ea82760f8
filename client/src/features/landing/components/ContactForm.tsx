import { Alert, Anchor, Button, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { CONTACT_MESSAGES, contactMessageInput, MAX_CONTACT_MESSAGE } from '@shared/schemas/contact';
import { applyFormErrors } from '@client/lib/errors';
import { useSendContactMessage } from '../api/send-contact-message';
import classes from './Landing.module.css';

interface ContactValues {
  firstName: string;
  email: string;
  contactNo: string;
  messages: string;
}

const EMPTY: ContactValues = { firstName: '', email: '', contactNo: '', messages: '' };

/** The contact form: the message is kept and e-mailed to the sales team, then the form thanks the sender. */
export default function ContactForm() {
  const send = useSendContactMessage();
  const [sent, setSent] = useState(false);
  const thanks = useRef<HTMLDivElement>(null);
  const form = useForm<ContactValues>({
    initialValues: EMPTY,
    validateInputOnBlur: true,
    validate: schemaResolver(contactMessageInput, { sync: true }),
  });
  // The thank-you takes the form's place; focus follows it so keyboard and screen reader users hear it.
  useEffect(() => {
    if (sent) thanks.current?.focus();
  }, [sent]);
  const submit = form.onSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      form.reset();
      setSent(true);
    } catch (err) {
      applyFormErrors(form, err);
    }
  });

  return sent ? (
    <Stack gap="md" align="flex-start">
      <Alert
        ref={thanks}
        tabIndex={-1}
        role="status"
        color="teal"
        variant="light"
        title="Thank you"
        icon={<IconCircleCheck aria-hidden />}
        w="100%"
      >
        <Text c="gray.9" fz="sm">
          {CONTACT_MESSAGES.sent}
        </Text>
      </Alert>
      <Button variant="default" onClick={() => setSent(false)}>
        Send another message
      </Button>
    </Stack>
  ) : (
    <form onSubmit={submit} noValidate aria-label="Contact us" className={classes.form}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="First name" autoComplete="given-name" withAsterisk {...form.getInputProps('firstName')} />
          <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />
        </SimpleGrid>
        <TextInput
          label="Contact number"
          type="tel"
          autoComplete="tel"
          withAsterisk
          {...form.getInputProps('contactNo')}
        />
        <Textarea
          label="Message"
          withAsterisk
          autosize
          minRows={4}
          maxRows={10}
          maxLength={MAX_CONTACT_MESSAGE}
          {...form.getInputProps('messages')}
        />
        <Text fz="xs" c="gray.7">
          We use these details only to answer your message, as our{' '}
          <Anchor component={Link} to="/privacyPolicy" underline="always" inherit>
            Privacy &amp; Cookies Policy
          </Anchor>{' '}
          explains.
        </Text>
        <Button type="submit" size="md" loading={send.isPending} style={{ alignSelf: 'flex-start' }}>
          Send message
        </Button>
      </Stack>
    </form>
  );
}
