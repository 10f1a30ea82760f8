/**
 * Who runs the service, as the footer and the legal pages name it. The operator of a deployment sets
 * its own legal entity, address and social profiles here.
 */
export const COMPANY = {
  product: 'NDA Workspace',
  legalName: 'NDA Workspace Ltd',
  jurisdiction: 'England and Wales',
  address: ['NDA Workspace Ltd', '1 Finsbury Avenue', 'London EC2M 2PF', 'United Kingdom'],
  social: [
    { network: 'LinkedIn', url: 'https://www.linkedin.com/company/nda-workspace' },
    { network: 'X', url: 'https://x.com/ndaworkspace' },
    { network: 'YouTube', url: 'https://www.youtube.com/@ndaworkspace' },
  ],
} as const;

/** The landing page's sections, in the order the navigation names them. */
export const LANDING_ANCHORS = [
  { label: 'Home', to: '/' },
  { label: 'Features', to: '/#features' },
  { label: 'Testimonial', to: '/#testimonial' },
  { label: 'Contact Us', to: '/#contact-us' },
] as const;
