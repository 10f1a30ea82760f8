import { describe, expect, it } from 'vitest';
import { ndaFilename, signedNdaFilename, signedNdasArchiveName, uniqueFilenames } from '@shared/signed-files.js';

describe('signed file names', () => {
  it('name a signed NDA for its project, group and NDA', () => {
    expect(signedNdaFilename({ project: 'Project Falcon', group: 'Northwind Capital', nda: 'Mutual NDA' })).toBe(
      'Project Falcon - Northwind Capital - Mutual NDA (signed).pdf',
    );
    expect(signedNdasArchiveName('Project Falcon')).toBe('Project Falcon - signed NDAs.zip');
    expect(ndaFilename('Mutual NDA')).toBe('Mutual NDA.pdf');
  });

  it('keep separators, reserved characters and control characters out of a name', () => {
    expect(signedNdaFilename({ project: 'A/B Deal', group: 'Buyers: "US"\n', nda: '..\\NDA?' })).toBe(
      'A-B Deal - Buyers_ _US_ - -NDA_ (signed).pdf',
    );
    expect(signedNdaFilename({ project: '   ', group: 'G', nda: 'N' })).toBe('- - G - N (signed).pdf');
  });

  it('make names unique for one archive, ignoring case', () => {
    expect(uniqueFilenames(['a.pdf', 'b.pdf', 'A.pdf', 'a.pdf', 'a (2).pdf'])).toEqual([
      'a.pdf',
      'b.pdf',
      'A (2).pdf',
      'a (3).pdf',
      'a (2) (2).pdf',
    ]);
  });
});
