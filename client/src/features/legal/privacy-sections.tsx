import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { COMPANY } from '@client/features/public';
import { H3, type LegalSection, P, Ul } from './components/LegalDocument';

function ContactFormLink({ children = 'Contact us form' }: { children?: ReactNode }) {
  return (
    <Anchor component={Link} to="/#contact-us" underline="always" inherit>
      {children}
    </Anchor>
  );
}

const address = COMPANY.address.join(', ');

export const PRIVACY_INTRO = (
  <>
    <P>
      This policy explains how {COMPANY.legalName} (“we”, “us”) collects and uses personal data when you visit our
      website, create an account, or send, negotiate and sign non-disclosure agreements (NDAs) through {COMPANY.product}
      (the “service”). It also explains the choices you have and how to exercise your rights under the UK General Data
      Protection Regulation (UK GDPR) and the Data Protection Act 2018.
    </P>
  </>
);

export const PRIVACY_SECTIONS: LegalSection[] = [
  {
    id: 'who-we-are',
    heading: 'Who we are',
    body: (
      <>
        <P>
          {COMPANY.legalName} is a company registered in {COMPANY.jurisdiction}, with its registered office at {address}
          . We are the controller of the personal data described in this policy, except where section 3 says that we act
          on behalf of our customers.
        </P>
        <P>
          You can reach us about anything in this policy through the <ContactFormLink /> on our home page or by post at
          the address above, marked for the attention of the Data Protection Lead.
        </P>
      </>
    ),
  },
  {
    id: 'scope',
    heading: 'Who this policy covers',
    body: (
      <>
        <P>This policy applies to:</P>
        <Ul
          items={[
            'visitors to our website, including people who send us a message through the Contact us form;',
            'account owners and the team members they invite (our customers’ users);',
            'recipients who are invited to review, negotiate and sign an NDA (signers), who are usually representatives of potential buyers or investors.',
          ]}
        />
        <P>
          It does not cover websites or services of other organisations that we link to, which have their own policies.
        </P>
      </>
    ),
  },
  {
    id: 'controller-processor',
    heading: 'Our role and our customers’ role',
    body: (
      <>
        <P>
          We are the controller for the account, billing, security and website data described in section 4. For the
          documents our customers upload and the negotiation that takes place on them (the NDAs, teasers, information
          memoranda, comments, proposed wording and the recipients our customers add to a project), the customer that
          runs the project decides why and how that data is used. For that content the customer is the controller and we
          act as its processor under a written agreement that meets Article 28 of the UK GDPR.
        </P>
        <P>
          If you are a signer and want to know how an adviser uses your details, please contact the adviser that invited
          you. We will help them answer your request.
        </P>
      </>
    ),
  },
  {
    id: 'data-we-collect',
    heading: 'The personal data we collect',
    body: (
      <>
        <H3>Data you give us</H3>
        <Ul
          items={[
            'Identity and contact details: first and last name, e-mail address, company name, location, job title and LinkedIn profile address.',
            'Account data: your password (stored only as a one-way hash), your profile picture and your saved signature image.',
            'Messages you send us through the Contact us form: your first name, e-mail address, contact number and message.',
            'Billing data for paid plans: the plan, invoices and payment status. Card details are collected and held by our payment provider, not by us.',
          ]}
        />
        <H3>Data created when you use the service</H3>
        <Ul
          items={[
            'Activity records: the events of a project, such as when an NDA was sent, viewed, commented on, approved, signed or rejected, with the time and the person who acted.',
            'Signing records: the name, company, job title, signature, date and IP address printed on a signed NDA and on its certificate.',
            'Technical data: IP address, browser type and the time of requests, kept in security logs and used to limit repeated sign-in attempts.',
          ]}
        />
        <H3>Data we receive from others</H3>
        <P>
          When an adviser invites you to a project or imports a buyer list, they give us your name and e-mail address so
          that we can send you the invitation.
        </P>
      </>
    ),
  },
  {
    id: 'how-we-use-data',
    heading: 'How we use personal data and our lawful bases',
    body: (
      <>
        <P>We use personal data only where the law allows it:</P>
        <Ul
          items={[
            <>
              <strong>Performance of a contract</strong>: to create and run your account, deliver the service, send the
              e-mails the service depends on (account activation, password reset, invitations, NDAs sent for signature)
              and provide support.
            </>,
            <>
              <strong>Legitimate interests</strong>: to keep the service secure and prevent abuse, to tell the other
              side of a negotiation about new comments and outcomes, to answer messages sent through our Contact us
              form, and to improve the service. We weigh these interests against your rights and you may object at any
              time (section 11).
            </>,
            <>
              <strong>Legal obligation</strong>: to keep accounting and tax records and to respond to lawful requests
              from authorities.
            </>,
            <>
              <strong>Consent</strong>: where we ask for it, for example before sending you marketing e-mails. You can
              withdraw consent at any time without affecting what we did before.
            </>,
          ]}
        />
        <P>
          We do not sell personal data, we do not use it for advertising, and we do not make decisions about you based
          solely on automated processing that have legal or similarly significant effects.
        </P>
      </>
    ),
  },
  {
    id: 'emails',
    heading: 'E-mails we send',
    body: (
      <P>
        Service e-mails (activation, password reset, invitations and NDAs sent to you) are part of the service and
        cannot be switched off while you have an account. Notification e-mails about negotiation moves and outcomes can
        be turned off on your account page or through the unsubscribe link in each e-mail. We send marketing e-mails
        only with your consent or, for existing customers, about similar services with an easy way to opt out, as the
        Privacy and Electronic Communications Regulations 2003 (PECR) allow.
      </P>
    ),
  },
  {
    id: 'cookies',
    heading: 'Cookies and similar technologies',
    body: (
      <>
        <P>
          We do not use advertising or analytics cookies, and we do not allow third parties to track you on our website.
          The service uses only storage that is strictly necessary to provide it:
        </P>
        <Ul
          items={[
            'your browser’s local storage, to keep you signed in: an access token valid for 15 minutes and a refresh token valid for 24 hours;',
            'a record of an NDA link you opened before signing in, so that you arrive at that NDA afterwards; it is removed once used;',
            'the display setting of the interface (light colour scheme).',
          ]}
        />
        <P>
          Under PECR, strictly necessary storage does not need your consent. Signing out, or deleting your account,
          removes it from your browser; you can also clear it in your browser settings at any time.
        </P>
      </>
    ),
  },
  {
    id: 'sharing',
    heading: 'Who we share personal data with',
    body: (
      <>
        <P>
          Within a project, the service shows your details to the people who need them: an adviser’s team sees the
          recipients of its projects, and a recipient sees the adviser’s team and the NDA sent to them. Recipients never
          see other recipients, nor the adviser’s internal notes.
        </P>
        <P>We also share personal data with service providers who act on our instructions:</P>
        <Ul
          items={[
            'our cloud hosting and storage provider, which hosts the service and your documents;',
            'our e-mail delivery provider, which sends the service’s e-mails;',
            'our payment provider, which processes subscriptions and payments for paid plans;',
            'professional advisers, such as lawyers and accountants, under a duty of confidentiality.',
          ]}
        />
        <P>
          We may disclose personal data where the law requires it, to protect our rights or the safety of others, or to
          a buyer of our business, who would be bound by this policy.
        </P>
      </>
    ),
  },
  {
    id: 'international-transfers',
    heading: 'International transfers',
    body: (
      <P>
        We aim to keep personal data in the United Kingdom or the European Economic Area. Where a provider processes it
        in another country, we transfer it only to a country covered by UK adequacy regulations (including the UK
        extension to the EU-US Data Privacy Framework for certified companies) or under the International Data Transfer
        Agreement or the UK Addendum to the EU Standard Contractual Clauses issued by the Information Commissioner, with
        additional safeguards where needed. You can ask us for details of the safeguards we rely on.
      </P>
    ),
  },
  {
    id: 'retention',
    heading: 'How long we keep personal data',
    body: (
      <>
        <Ul
          items={[
            'Account data: for as long as your account is open. When you delete your account we remove your personal details and keep only an anonymised record, so that the history of projects you took part in stays consistent for the other parties.',
            'Project content: for as long as the customer that owns the project keeps it. Content of a trial that ends without a subscription is deleted 30 days after the trial ends, as our Terms & Conditions explain.',
            'Signed NDAs and their certificates: for as long as the customer keeps the project, because they are the record of an agreement.',
            'Contact us messages: for up to 24 months after our last exchange with you, unless you become a customer.',
            'Billing records: for six years after the end of the financial year they relate to, as UK tax law requires.',
            'Records of sign-in attempts, sign-ups and messages from an IP address: only as long as we need them to enforce our limits on repeated attempts, normally less than a day.',
          ]}
        />
      </>
    ),
  },
  {
    id: 'security',
    heading: 'How we protect personal data',
    body: (
      <>
        <P>We use technical and organisational measures suited to the sensitivity of M&amp;A documents, including:</P>
        <Ul
          items={[
            'encryption of data in transit and access to documents by invitation only;',
            'passwords stored with a modern one-way hashing algorithm, short-lived sessions and limits on repeated sign-in attempts;',
            'checks on every request that the person asking may see what they ask for;',
            'a digital seal on signed NDAs, so that any later change to the file can be detected.',
          ]}
        />
        <P>
          No system is perfectly secure. If a personal data breach is likely to put your rights at risk, we will tell
          the Information Commissioner’s Office within 72 hours of becoming aware of it and, where the risk is high,
          tell you without undue delay.
        </P>
      </>
    ),
  },
  {
    id: 'your-rights',
    heading: 'Your rights',
    body: (
      <>
        <P>Under the UK GDPR you have the right to:</P>
        <Ul
          items={[
            'be informed about how we use your personal data (this policy);',
            'access the personal data we hold about you and receive a copy;',
            'have inaccurate data corrected and incomplete data completed;',
            'have your data erased, where there is no good reason for us to keep it;',
            'restrict how we use your data while a concern is being resolved;',
            'object to our use of your data based on legitimate interests, and to direct marketing at any time;',
            'receive data you gave us in a portable format, or have it sent to another organisation;',
            'withdraw any consent you have given.',
          ]}
        />
        <P>
          Many of your details can be changed on your account page, and you can delete your account there. For anything
          else, contact us as section 15 explains. We will answer within one month, free of charge, and may ask you to
          confirm your identity first.
        </P>
      </>
    ),
  },
  {
    id: 'children',
    heading: 'Children',
    body: (
      <P>
        The service is for professionals acting for businesses. It is not intended for anyone under 18, and we do not
        knowingly collect personal data from children. If you believe a child has given us personal data, please contact
        us and we will delete it.
      </P>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes to this policy',
    body: (
      <P>
        We review this policy regularly. The date at the top shows when it last changed. If we make a change that
        materially affects how we use your personal data, we will tell account holders by e-mail or in the service
        before it takes effect.
      </P>
    ),
  },
  {
    id: 'contact-and-complaints',
    heading: 'How to contact us and how to complain',
    body: (
      <>
        <P>
          To exercise your rights or ask a question, write to us through the <ContactFormLink /> on our home page, or by
          post to the Data Protection Lead, {address}.
        </P>
        <P>
          If you are unhappy with how we have handled your personal data, please tell us first so that we can try to put
          it right. You also have the right to complain to the Information Commissioner’s Office (ICO), the UK
          supervisory authority for data protection: Wycliffe House, Water Lane, Wilmslow, Cheshire SK9 5AF; telephone
          0303 123 1113; website{' '}
          <Anchor
            href="https://ico.org.uk/make-a-complaint/"
            target="_blank"
            rel="noopener noreferrer"
            underline="always"
            inherit
          >
            ico.org.uk/make-a-complaint
          </Anchor>
          .
        </P>
      </>
    ),
  },
];
