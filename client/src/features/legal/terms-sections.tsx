import { Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import { COMPANY } from '@client/features/public';
import { H3, type LegalSection, P, Ul } from './components/LegalDocument';

function PrivacyLink() {
  return (
    <Anchor component={Link} to="/privacyPolicy" underline="always" inherit>
      Privacy &amp; Cookies Policy
    </Anchor>
  );
}

export const TERMS_INTRO = (
  <>
    <P>
      These terms and conditions (the “terms”) govern your use of {COMPANY.product} (the “service”), provided by{' '}
      {COMPANY.legalName}, a company registered in {COMPANY.jurisdiction} (“we”, “us”). By creating an account, or by
      accepting these terms when you register or when an adviser invites you, you agree to them on behalf of yourself
      and of the organisation you represent (“you”, the “customer”).
    </P>
    <P>
      Please read them together with our <PrivacyLink />, which explains how we handle personal data.
    </P>
  </>
);

export const TERMS_SECTIONS: LegalSection[] = [
  {
    id: 'the-service',
    heading: 'The service',
    body: (
      <>
        <P>
          The service lets M&amp;A professionals upload, prepare, send, negotiate and sign non-disclosure agreements
          (NDAs), organise the recipients of each project, track their decisions and release information material such
          as a teaser or an information memorandum once an NDA is signed.
        </P>
        <P>
          The service is a tool. We do not give legal, financial or tax advice, we are not a party to any NDA you
          negotiate through it, and you remain responsible for the content and legal effect of your documents.
        </P>
      </>
    ),
  },
  {
    id: 'eligibility',
    heading: 'Who may use the service',
    body: (
      <P>
        The service is for businesses and for professionals acting in the course of their business. You must be at least
        18 and have authority to bind the organisation you represent. Consumer protection rules that apply only to
        consumers do not apply to these terms.
      </P>
    ),
  },
  {
    id: 'accounts',
    heading: 'Accounts, team members and signers',
    body: (
      <>
        <P>
          An account owner registers the customer and manages its company details, signature, team and subscription. The
          owner may invite team members, up to the number its plan allows. Advisers may invite recipients to review and
          sign NDAs; recipients use the service under these terms for that purpose.
        </P>
        <P>
          You must give accurate information, keep your password confidential and tell us promptly of any unauthorised
          use of your account. You are responsible for what happens under your account and for the people you invite.
        </P>
      </>
    ),
  },
  {
    id: 'plans-and-trials',
    heading: 'Plans and trials',
    body: (
      <P>
        The Free plan includes two projects. Paid plans (Boutique and Bulge-Bracket) include the projects and team
        members described on our plans page, and extra projects or team members can be bought as add-ons. Where we offer
        a trial of a paid plan, its length is shown when you start it. We may change the features of a plan, but we will
        not materially reduce the features of a plan you have paid for during the period you have paid for.
      </P>
    ),
  },
  {
    id: 'fees',
    heading: 'Fees and changes to fees',
    body: (
      <>
        <P>
          Fees for paid plans and add-ons are those shown on our plans page when you subscribe, are charged in advance
          for each monthly or annual billing period, and are exclusive of VAT, which is added where it applies.
        </P>
        <P>
          We may change our fees by giving you at least 30 days’ notice by e-mail or in the service. A change applies
          from the start of your next billing period after the notice ends. If you do not agree to it, you may cancel
          before it takes effect.
        </P>
      </>
    ),
  },
  {
    id: 'invoices-and-payment',
    heading: 'Invoices and payment',
    body: (
      <>
        <Ul
          items={[
            'Invoices are payable within 30 days of the invoice date, unless you pay by card when you subscribe.',
            'Overdue amounts carry interest of 1.5% per month from the due date until payment, or the highest rate the law permits if that is lower.',
            'If an amount is overdue, we may suspend your access to paid features after giving you at least 10 days’ notice. We will restore access promptly once payment is received.',
            'If you dispute an invoice, you must tell us in writing within 30 days of the invoice date, explaining why. We will work with you in good faith to resolve it, and you must pay any undisputed part on time.',
          ]}
        />
        <P>Fees already paid are not refundable, except where these terms or the law say otherwise.</P>
      </>
    ),
  },
  {
    id: 'your-content',
    heading: 'Your content',
    body: (
      <>
        <P>
          You keep all rights in the documents, comments, signatures and other material you upload or create in the
          service (“your content”). You give us a licence to host, copy, process and display your content only as needed
          to provide the service to you and to the people you share it with.
        </P>
        <P>
          You confirm that you have the right to upload your content and to share it with the recipients you choose, and
          that doing so does not breach any duty of confidentiality or the law.
        </P>
        <H3>After a trial</H3>
        <P>
          If a trial ends without a paid subscription, we keep your content for 30 days after the trial ends so that you
          can subscribe or export it. After those 30 days we may delete it permanently.
        </P>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    heading: 'Acceptable use',
    body: (
      <>
        <P>You must not:</P>
        <Ul
          items={[
            'use the service for anything unlawful, or to send material you have no right to share;',
            'try to access accounts, projects or data that are not yours, or to probe or bypass our security;',
            'upload malicious code or files meant to disrupt the service;',
            'send unsolicited messages to people who have no connection with your transaction;',
            'resell or make the service available to third parties other than as these terms allow.',
          ]}
        />
        <P>We may suspend access that puts the service or other users at risk, and will tell you why.</P>
      </>
    ),
  },
  {
    id: 'electronic-signatures',
    heading: 'Electronic signatures and records',
    body: (
      <>
        <P>
          When you sign an NDA in the service, you agree that your electronic signature is intended to authenticate the
          document and to have the same effect as a handwritten signature, as the Electronic Communications Act 2000 and
          the law of the United Kingdom allow. The signed PDF records the agreed amendments and a certificate of how the
          NDA was negotiated and signed.
        </P>
        <P>
          It is for each party to make sure that the person signing has authority to do so and that an electronic
          signature is acceptable for its purposes.
        </P>
      </>
    ),
  },
  {
    id: 'confidentiality',
    heading: 'Confidentiality',
    body: (
      <P>
        We treat your content as confidential. Our staff and service providers may access it only to provide, secure or
        support the service, and only under a duty of confidentiality. We do not share your content with other customers
        or sell it, and recipients see only what an adviser chooses to send them.
      </P>
    ),
  },
  {
    id: 'data-protection',
    heading: 'Data protection',
    body: (
      <P>
        Each party will comply with the UK GDPR and the Data Protection Act 2018. For personal data in your content we
        act as your processor and process it only on your documented instructions, which these terms and your use of the
        service represent. How we handle personal data as a controller is explained in our <PrivacyLink />.
      </P>
    ),
  },
  {
    id: 'availability',
    heading: 'Availability and changes to the service',
    body: (
      <P>
        We aim to keep the service available at all times, but it may be interrupted for maintenance, upgrades or
        reasons beyond our control. We will try to give notice of planned maintenance. We may improve and change the
        service; we will tell you in advance of any change that materially reduces what your plan includes.
      </P>
    ),
  },
  {
    id: 'term-and-termination',
    heading: 'Term, renewal and termination',
    body: (
      <>
        <P>
          A paid subscription runs for the billing period you chose and renews automatically for the same period unless
          either party gives notice of non-renewal at least 30 days before the end of the current period. You can also
          cancel on the plans page; cancellation takes effect at the end of the period you have paid for.
        </P>
        <P>
          Either party may end these terms by written notice if the other commits a material breach and, where the
          breach can be remedied, does not cure it within 30 days of receiving notice describing it. We may also end
          them at once if you become insolvent.
        </P>
        <P>
          When these terms end, your right to use the service ends. You may export your content before then; sections
          that by their nature should survive (including fees owed, confidentiality, limitation of liability and
          governing law) continue to apply.
        </P>
      </>
    ),
  },
  {
    id: 'warranties',
    heading: 'Warranties and disclaimers',
    body: (
      <P>
        We will provide the service with reasonable skill and care. Apart from that, and to the extent the law allows,
        the service is provided without other warranties or conditions, whether express or implied, including as to
        fitness for a particular purpose. We do not check, and are not responsible for, the content of the NDAs and
        other documents exchanged through the service.
      </P>
    ),
  },
  {
    id: 'liability',
    heading: 'Limitation of liability',
    body: (
      <>
        <P>
          Nothing in these terms limits liability for death or personal injury caused by negligence, for fraud or
          fraudulent misrepresentation, or for anything else that cannot be limited by law.
        </P>
        <P>
          Subject to that, neither party is liable for loss of profits, revenue, business, goodwill or anticipated
          savings, or for any indirect or consequential loss. Each party’s total liability arising out of these terms in
          any 12-month period is limited to the fees you paid or were due to pay for the service in that period. These
          limits do not apply to your obligation to pay fees.
        </P>
      </>
    ),
  },
  {
    id: 'general',
    heading: 'General',
    body: (
      <Ul
        items={[
          'Changes to these terms: we may update these terms and will give you at least 30 days’ notice of a change that materially affects you. The date at the top shows when they last changed.',
          'Notices: we send notices to the e-mail address of the account owner; you may send notices to us through the Contact us form on our home page or by post to the address in the footer.',
          'Assignment: you may not transfer your rights under these terms without our consent; we may transfer ours to a buyer of our business, who will be bound by them.',
          'Entire agreement: these terms, with any order form and our Privacy & Cookies Policy, are the whole agreement between us about the service.',
          'Third parties: no one other than you and us may enforce these terms under the Contracts (Rights of Third Parties) Act 1999.',
          'Severability and waiver: if a provision is found unenforceable, the rest remain in force; a delay in enforcing a right is not a waiver of it.',
        ]}
      />
    ),
  },
  {
    id: 'governing-law',
    heading: 'Governing law and jurisdiction',
    body: (
      <P>
        These terms, and any dispute or claim arising out of or in connection with them or the service, are governed by
        the law of the United Kingdom as it applies in England and Wales. The courts of England and Wales have exclusive
        jurisdiction.
      </P>
    ),
  },
];
