import { Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';

interface BrandLogoProps {
  /** 'light' for navy backgrounds. */
  variant?: 'dark' | 'light';
  size?: 'sm' | 'md' | 'lg';
}

const MARK = { sm: 26, md: 30, lg: 36 } as const;
const TEXT = { sm: 'md', md: 'lg', lg: 'xl' } as const;

export function BrandLogo({ variant = 'dark', size = 'md' }: BrandLogoProps) {
  const light = variant === 'light';
  return (
    <Group gap={10} wrap="nowrap">
      <svg width={MARK[size]} height={MARK[size]} viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill={light ? '#ffffff' : '#14284b'} />
        <path d="M10 8h8l5 5v11a1 1 0 0 1-1 1H10a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" fill={light ? '#14284b' : '#ffffff'} />
        <path d="M18 8v5h5" fill={light ? '#4f7bc2' : '#b6c8e6'} />
        <path
          d="M12.5 19.5l2.5 2.5 5-5"
          stroke={light ? '#ffffff' : '#2a5394'}
          strokeWidth="2"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <Text
        component="span"
        fw={700}
        fz={TEXT[size]}
        c={light ? 'white' : 'navy.9'}
        style={{ letterSpacing: '-0.01em' }}
      >
        NDA Workspace
      </Text>
    </Group>
  );
}

/** The logo as a link (home, or the account when signed in). */
export function BrandLink({ to, className, ...logo }: BrandLogoProps & { to: string; className?: string }) {
  return (
    <Link
      to={to}
      className={className}
      aria-label="NDA Workspace home"
      style={{ textDecoration: 'none', display: 'inline-flex' }}
    >
      <BrandLogo {...logo} />
    </Link>
  );
}
