import { Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { LegalSection } from './components/LegalDocument';

export const TERMS_SECTIONS: LegalSection[] = [
  {
    heading: 'The service',
    body: 'NDA Workspace lets you upload, send, negotiate and sign non-disclosure agreements and manage the recipients of your projects. The Free plan is limited to two projects.',
  },
  {
    heading: 'Your account',
    body: 'You are responsible for the accuracy of your account details, for keeping your password confidential and for the team members you invite.',
  },
  {
    heading: 'Fees and payment',
    body: 'Paid plans are billed in advance per month or per year. Invoices are payable within 30 days. We give 30 days’ notice of any fee change. Overdue amounts may carry interest of 1.5% per month, and the service may be suspended after 10 days’ notice. Payment disputes must be raised within 30 days.',
  },
  {
    heading: 'Your content',
    body: 'You keep all rights to the documents you upload. We process them only to provide the service. Content is deleted 30 days after a trial ends without a subscription.',
  },
  {
    heading: 'Term and termination',
    body: 'Subscriptions renew automatically unless either party gives 30 days’ notice of non-renewal. Either party may terminate for a material breach not cured within 30 days of notice.',
  },
  {
    heading: 'Privacy',
    body: (
      <>
        How we handle personal data is described in our{' '}
        <Anchor component={Link} to="/privacyPolicy" inherit>
          Privacy &amp; Cookies Policy
        </Anchor>
        .
      </>
    ),
  },
  { heading: 'Governing law', body: 'These terms are governed by the laws of the United Kingdom.' },
];
