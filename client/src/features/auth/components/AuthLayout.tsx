import { List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { BrandLink } from '@client/components/ui/BrandLogo';
import { useSession } from '../hooks/use-session';
import classes from './AuthLayout.module.css';

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

const POINTS = [
  'Send NDAs to every bidder group of a deal from one project',
  'Negotiate clause by clause, with every change on the record',
  'Sign in the cloud and keep the signed copy with the project',
];

/** The frame of the sign-in, sign-up and invitation screens. */
export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  // The logo goes to the account when signed in (activation, invitation and reset pages), else to the landing page.
  const home = useSession() !== null ? '/account' : '/';
  return (
    <div className={classes.root}>
      <aside className={classes.aside}>
        <BrandLink to={home} variant="light" />
        <Stack gap="lg" maw={420}>
          <Title order={2} c="white" fz={30} lh={1.25}>
            The NDA stage of your M&amp;A process, in one secure workspace.
          </Title>
          <List
            spacing="sm"
            c="navy.1"
            icon={
              <ThemeIcon size={22} radius="xl" color="navy.5">
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            {POINTS.map((point) => (
              <List.Item key={point}>{point}</List.Item>
            ))}
          </List>
        </Stack>
        <Text fz="sm" c="navy.2">
          Your documents stay confidential: hosted with a cloud provider and never shared.
        </Text>
      </aside>
      <main className={classes.main}>
        <div className={classes.form}>
          <div className={classes.mobileLogo}>
            <BrandLink to={home} />
          </div>
          <Stack gap={6} mb="xl">
            <Title order={1} fz={30}>
              {title}
            </Title>
            {subtitle && <Text c="dimmed">{subtitle}</Text>}
          </Stack>
          {children}
        </div>
      </main>
    </div>
  );
}
