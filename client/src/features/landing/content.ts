import {
  IconBriefcase,
  IconFileCheck,
  IconFilePlus,
  IconLock,
  IconMessages,
  IconShieldLock,
  IconTimeline,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';

export interface FeatureTopic {
  value: string;
  label: string;
  icon: Icon;
  title: string;
  text: string;
  points: string[];
}

/** Our Features: one tab (or accordion panel) per topic. */
export const FEATURE_TOPICS: FeatureTopic[] = [
  {
    value: 'send-negotiate',
    label: 'Send & Negotiate',
    icon: IconMessages,
    title: 'Negotiate mark-ups clause by clause, not through e-mail chains',
    text: 'Send one NDA to every bidder group of a process. Each bidder comments on the clause it wants changed and proposes its wording; you answer in the same thread, live.',
    points: [
      'Threads quote the clause and carry each proposed wording and counter-proposal',
      'A point is settled only when both sides approve the wording that stands',
      'See every group’s threads side by side, clause by clause, to keep positions consistent',
    ],
  },
  {
    value: 'opportunities',
    label: 'Opportunities',
    icon: IconBriefcase,
    title: 'Give bidders a clear view of the opportunity',
    text: 'Recipients see the projects sent to them, review the NDA in the browser and sign it, or pass and tell you why. The teaser and the CIM are released to a bidder the moment its NDA is signed.',
    points: [
      'Teaser and CIM unlock on signing, with no separate data-room invitation to manage',
      'Bidders who pass can give a reason, which you read on the tracker',
      'Follow who is interested, considering or passing across the whole buyer list',
    ],
  },
  {
    value: 'create',
    label: 'Create',
    icon: IconFilePlus,
    title: 'Set up a project for a mandate in minutes',
    text: 'Create a project, upload your NDA as PDF, DOC, DOCX or ODT, or start from one of your templates, then add the teaser and the CIM.',
    points: [
      'Keep your firm’s standard NDAs as templates and reuse them on every mandate',
      'Place signature, name, title and date fields where your NDA expects them',
      'Tailor a group’s NDA when one bidder needs different terms',
    ],
  },
  {
    value: 'invite-track',
    label: 'Invite & Track',
    icon: IconUsersGroup,
    title: 'From 20 to 200 bidders, always know where each one stands',
    text: 'Import your buyer list from a spreadsheet, organise bidders into groups and send. The tracker shows each group as Not sent, Pending, Completed, Rejected or Recalled.',
    points: [
      'Invite your deal team to the projects they work on',
      'An activity feed and unread badges show what moved since you last looked',
      'Remind one recipient at a time, recall an NDA or send a revised document',
    ],
  },
  {
    value: 'safe',
    label: 'Safe',
    icon: IconShieldLock,
    title: 'Confidential by design',
    text: 'Access is by invitation only and every request is checked against who may see what. Your documents are hosted with a cloud provider and are never shared or sold.',
    points: [
      'Bidders never see one another, nor your internal notes and colour tags',
      'Signed PDFs are sealed with a digital signature and carry a certificate of the negotiation',
      'Sessions expire, and removing someone from a team ends their access at once',
    ],
  },
];

export interface Testimonial {
  name: string;
  location: string;
  role: string;
  rating: number;
  content: string;
}

/** Illustrative accounts: the people are fictitious, as the section says. */
export const TESTIMONIALS: Testimonial[] = [
  {
    name: 'Eleanor Whitcombe',
    role: 'Director, mid-market M&A',
    location: 'London, United Kingdom',
    rating: 5,
    content:
      'On a carve-out with 64 bidders we settled the NDA mark-ups in under two weeks. Seeing every group’s comments on the non-solicit clause side by side kept our positions consistent.',
  },
  {
    name: 'Marcus Feldmann',
    role: 'Partner, sell-side advisory',
    location: 'Frankfurt, Germany',
    rating: 5,
    content:
      'The signed PDF lists the agreed amendments after the NDA itself, so nobody has to reconstruct who conceded what from e-mail threads months later.',
  },
  {
    name: 'Priya Raman',
    role: 'Vice President, technology M&A',
    location: 'Manchester, United Kingdom',
    rating: 4,
    content:
      'Bidders get the teaser and the CIM the moment they sign. That alone removed a day of back-and-forth from every launch week.',
  },
  {
    name: 'Jonathan Achebe',
    role: 'Associate, corporate finance',
    location: 'Edinburgh, United Kingdom',
    rating: 5,
    content:
      'I used to track 120 NDAs in a spreadsheet. The tracker shows who is pending, who signed and who passed, and the activity feed tells me what changed overnight.',
  },
  {
    name: 'Sophie Laurent',
    role: 'Managing Director, private equity exits',
    location: 'Paris, France',
    rating: 5,
    content:
      'Buyers comment on the clause itself and propose their wording. We approve or counter in the same thread, and the record shows both sides agreed.',
  },
  {
    name: 'Daniel Okafor',
    role: 'Head of origination, boutique adviser',
    location: 'Dublin, Ireland',
    rating: 4,
    content:
      'Our templates cover most processes, and when a strategic buyer needs different terms we tailor that group’s NDA without touching the others.',
  },
];

export interface Reason {
  icon: Icon;
  title: string;
  content: string;
}

/** Why Choose Us: four cards. */
export const REASONS: Reason[] = [
  {
    icon: IconTimeline,
    title: 'Built around the sell-side process',
    content:
      'One project per mandate, bidder groups, a tracker and an activity feed: the NDA stage organised the way a deal team runs it, from 20 to 200 bidders.',
  },
  {
    icon: IconFileCheck,
    title: 'What is signed is what was agreed',
    content:
      'The signed PDF carries both signatures, a schedule of the agreed amendments and a certificate of how each clause was negotiated.',
  },
  {
    icon: IconLock,
    title: 'Materials released on signature',
    content:
      'The teaser and the CIM stay locked until a bidder has signed its NDA, then open for that bidder without anyone sending an e-mail.',
  },
  {
    icon: IconShieldLock,
    title: 'Confidential and in the cloud',
    content:
      'Work from anywhere in the browser. Access is by invitation, documents are hosted with a cloud provider, and we never share your data.',
  },
];
