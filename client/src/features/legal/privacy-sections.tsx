import type { LegalSection } from './components/LegalDocument';

export const PRIVACY_SECTIONS: LegalSection[] = [
  {
    heading: 'Who we are',
    body: 'NDA Workspace provides a cloud service for sending, negotiating and signing non-disclosure agreements. We are the controller of the personal data described here, under the UK GDPR and the Data Protection Act 2018.',
  },
  {
    heading: 'What we collect',
    body: 'Account details (name, e-mail, company, location, LinkedIn profile), the documents, comments and signatures you add to projects, billing records, and technical data needed to run the service such as sign-in times and IP addresses.',
  },
  {
    heading: 'Why we use it',
    body: 'To provide the service you signed up for (contract), to keep it secure and prevent abuse (legitimate interests), to bill you (contract and legal obligation), and to send the e-mails the service depends on, such as invitations and activation links.',
  },
  {
    heading: 'Sharing',
    body: 'We do not sell or share your data. Documents are visible only to the people you invite to a project. We use processors under contract for hosting, e-mail delivery and payments.',
  },
  {
    heading: 'Cookies and local storage',
    body: 'We use your browser’s local storage to keep you signed in. We do not use advertising or tracking cookies.',
  },
  {
    heading: 'Retention',
    body: 'We keep account data while your account is open. Project content is deleted 30 days after a trial ends without a subscription, or when you delete your account.',
  },
  {
    heading: 'Your rights',
    body: 'You may ask for access to, correction, deletion or a copy of your data, object to processing, and complain to the Information Commissioner’s Office (ico.org.uk).',
  },
];
