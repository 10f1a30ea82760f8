import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

interface RouterLinkProps extends AnchorProps {
  to: string;
  children: ReactNode;
}

/** A Mantine anchor that navigates inside the app. */
export function RouterLink({ to, children, ...props }: RouterLinkProps) {
  return (
    <Anchor component={Link} to={to} {...props}>
      {children}
    </Anchor>
  );
}
