import { describe, expect, it } from 'vitest';
import { matchPlaybook, playbookMatchLabel, type PlaybookEntry } from '@shared/playbook.js';

const entry: PlaybookEntry = {
  key: 's9',
  preferred: 'Governing Law: [England and Wales]',
  fallbacks: ['Governing Law: [New York]', 'Governing Law: [Delaware]'],
  walkAway: '',
  guidance: '',
};

describe('a wording against the playbook', () => {
  it('is within it when equal to the preferred wording or a fallback, case, spacing and punctuation ignored', () => {
    expect(playbookMatchLabel(matchPlaybook(entry, 'governing law  england and wales.'))).toBe(
      'within playbook: preferred',
    );
    expect(playbookMatchLabel(matchPlaybook(entry, 'Governing Law: [delaware]'))).toBe('within playbook: fallback 2');
    expect(playbookMatchLabel(matchPlaybook(entry, 'Governing Law: [Texas]'))).toBe('outside playbook');
  });

  it('never matches an empty preferred wording', () => {
    expect(matchPlaybook({ ...entry, preferred: '' }, '').kind).toBe('outside');
  });
});
