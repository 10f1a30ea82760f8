import {
  Alert,
  Anchor,
  Button,
  Grid,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCircleCheck, IconFileImport, IconPresentation, IconUsersPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { CONTACT_MESSAGES, contactMessageInput, MAX_CONTACT_MESSAGE } from '@shared/schemas/contact';
import { applyFormErrors } from '@client/lib/errors';
import { useSendContactMessage } from '../api/send-contact-message';
import classes from './Landing.module.css';
import { LandingSection } from './LandingSection';

interface ContactValues {
  firstName: string;
  email: string;
  contactNo: string;
  messages: string;
}

const EMPTY: ContactValues = { firstName: '', email: '', contactNo: '', messages: '' };

const POINTS = [
  { icon: IconPresentation, text: 'A demonstration on one of your live or past processes' },
  { icon: IconUsersPlus, text: 'Plans for larger teams and a custom plan for your firm' },
  { icon: IconFileImport, text: 'Help moving your NDA templates and buyer lists across' },
];

/** Contact us: the message is kept and e-mailed to the sales team, then the form thanks the sender. */
export function ContactUs() {
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

  return (
    <LandingSection
      id="contact-us"
      eyebrow="Contact us"
      title="Talk to us about your next process"
      intro="Tell us about your deal flow and how your team handles NDAs today. A member of our team will get back to you."
    >
      <Grid gap={{ base: 32, md: 56 }}>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Text fw={650} mb="md">
            We can help with
          </Text>
          <List spacing="md" center>
            {POINTS.map(({ icon: Icon, text }) => (
              <List.Item
                key={text}
                icon={
                  <ThemeIcon size={32} radius="md" variant="light" color="navy" aria-hidden>
                    <Icon size={18} stroke={1.7} />
                  </ThemeIcon>
                }
              >
                <Text fz="sm" c="gray.8">
                  {text}
                </Text>
              </List.Item>
            ))}
          </List>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p={{ base: 'lg', sm: 'xl' }} radius="lg">
            {sent ? (
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
                    <TextInput
                      label="First name"
                      autoComplete="given-name"
                      withAsterisk
                      {...form.getInputProps('firstName')}
                    />
                    <TextInput
                      label="Email"
                      type="email"
                      autoComplete="email"
                      withAsterisk
                      {...form.getInputProps('email')}
                    />
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
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </LandingSection>
  );
}
