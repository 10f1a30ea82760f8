import { Grid, List, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconFileImport, IconPresentation, IconUsersPlus } from '@tabler/icons-react';
import { lazy } from 'react';
import { Deferred } from './Deferred';
import { LandingSection } from './LandingSection';

// The form and its validation and API code load once the page is up, not before it is first drawn.
const ContactForm = lazy(() => import('./ContactForm'));

const POINTS = [
  { icon: IconPresentation, text: 'A demonstration on one of your live or past processes' },
  { icon: IconUsersPlus, text: 'Plans for larger teams and a custom plan for your firm' },
  { icon: IconFileImport, text: 'Help moving your NDA templates and buyer lists across' },
];

/** Contact us: what we can help with, and the contact form. */
export function ContactUs() {
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
            <Deferred minHeight={470}>
              <ContactForm />
            </Deferred>
          </Paper>
        </Grid.Col>
      </Grid>
    </LandingSection>
  );
}
