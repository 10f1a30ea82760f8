import { describe, expect, it } from 'vitest';
import { excerpt, notificationItemText, personLabel } from '@server/mail/notification-items.js';
import { DIGEST_MAX_ITEMS, notificationDigestMail } from '@server/mail/notification-mails.js';

const who = personLabel({ firstName: 'Olivia', lastName: 'Owner', email: 'o@x.test', company: 'Adviser LLP' });

describe('notification items', () => {
  it('say who did what, quoting the thread in one short line', () => {
    expect(who).toBe('Olivia Owner of Adviser LLP');
    expect(personLabel({ firstName: '', lastName: '', email: 'o@x.test' })).toBe('o@x.test');
    expect(notificationItemText({ status: 'approved', who, thread: 'Clause 4\n  should be mutual.' })).toBe(
      'Olivia Owner of Adviser LLP approved the thread “Clause 4 should be mutual.”.',
    );
    expect(notificationItemText({ status: 'new_comment', who, thread: 'T', comment: 'C', proposal: 'P' })).toBe(
      'Olivia Owner of Adviser LLP replied in the thread “T” and proposed new wording: “P”',
    );
    expect(notificationItemText({ status: 'rejected', who, thread: 'Delaware courts.' })).toBe(
      'Olivia Owner of Adviser LLP rejected the thread “Delaware courts.”.',
    );
    expect(notificationItemText({ status: 'rejected', who, thread: 'Delaware courts.', settled: true })).toBe(
      "Olivia Owner of Adviser LLP rejected the thread “Delaware courts.”, as your side did: the document's original text stands.",
    );
    expect(notificationItemText({ status: 'nda_rejected', who, reason: 'Price too high' })).toBe(
      'Olivia Owner of Adviser LLP passed on the opportunity and gave this reason: “Price too high”',
    );
    expect(excerpt('x'.repeat(500))).toHaveLength(162);
  });
});

describe('the digest e-mail', () => {
  const mail = notificationDigestMail({
    appUrl: 'https://nda.example',
    firstName: 'Alice',
    ndas: [
      {
        projectId: 1,
        branchId: 2,
        projectName: 'Falcon',
        groupName: null,
        ndaName: 'Mutual NDA',
        items: [{ kind: 'negotiation', status: 'approved', text: 'Olivia <b>approved</b> it.' }],
      },
      {
        projectId: 3,
        branchId: 4,
        projectName: 'Heron',
        groupName: 'Tier 1',
        ndaName: 'NDA',
        items: [{ kind: 'outcomes', status: 'nda_rejected', text: 'Passed.' }],
      },
    ],
    unsubscribe: {
      each: [
        { kind: 'negotiation', url: 'https://nda.example/unsubscribe/n' },
        { kind: 'outcomes', url: 'https://nda.example/unsubscribe/o' },
      ],
      all: 'https://nda.example/unsubscribe/all',
    },
  });

  it('lists the items per NDA with a link to each, in plain text and escaped HTML', () => {
    expect(mail.subject).toBe('2 updates on your NDAs');
    expect(mail.text).toContain(
      'Falcon – Mutual NDA\n- Olivia <b>approved</b> it.\nOpen the NDA: https://nda.example/projects/1/group/2/nda',
    );
    expect(mail.text).toContain(
      'Heron – Tier 1 – NDA\n- Passed.\nOpen the NDA: https://nda.example/projects/3/group/4/nda',
    );
    expect(mail.html).toContain('<li style="margin:0 0 6px">Olivia &lt;b&gt;approved&lt;/b&gt; it.</li>');
    expect(mail.html).not.toContain('<b>approved');
  });

  it('has an unsubscribe link per kind and a one-click List-Unsubscribe header for them all', () => {
    expect(mail.text).toContain(
      'To stop e-mails about negotiation activity, unsubscribe: https://nda.example/unsubscribe/n',
    );
    expect(mail.text).toContain(
      'To stop e-mails about signed and passed NDAs, unsubscribe: https://nda.example/unsubscribe/o',
    );
    expect(mail.html).toContain('<a href="https://nda.example/unsubscribe/o"');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://nda.example/unsubscribe/all>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});

describe('a long digest', () => {
  const nda = (projectId: number, n: number) => ({
    projectId,
    branchId: projectId + 100,
    projectName: `Project ${projectId}`,
    groupName: null,
    ndaName: 'NDA',
    items: Array.from({ length: n }, (_, i) => ({
      kind: 'negotiation' as const,
      status: 'new_comment',
      text: `Reply ${projectId}.${i + 1} on the clause.`,
    })),
  });
  const unsubscribe = { each: [], all: 'https://nda.example/unsubscribe/all' };

  it(`lists the first ${DIGEST_MAX_ITEMS} items, then says how many more are waiting, with a link`, () => {
    const mail = notificationDigestMail({
      appUrl: 'https://nda.example',
      firstName: 'Alice',
      ndas: [nda(1, 30), nda(2, 30), nda(3, 5)],
      unsubscribe,
    });
    expect(mail.subject).toBe('65 updates on your NDAs');
    expect(mail.text.match(/^- Reply /gm)).toHaveLength(DIGEST_MAX_ITEMS);
    expect(mail.text).toContain('- Reply 2.20 on the clause.');
    expect(mail.text).not.toContain('Reply 2.21');
    expect(mail.text).not.toContain('Project 3');
    expect(mail.text).toContain('15 more updates are waiting for you.\nSee all activity: https://nda.example/home');
    expect(mail.html.match(/<li /g)).toHaveLength(DIGEST_MAX_ITEMS);
    expect(mail.html).toContain('<a href="https://nda.example/home">See all activity</a>');
  });

  it(`says nothing more with ${DIGEST_MAX_ITEMS} items or fewer`, () => {
    const mail = notificationDigestMail({
      appUrl: 'https://nda.example',
      firstName: 'A',
      ndas: [nda(1, DIGEST_MAX_ITEMS)],
      unsubscribe,
    });
    expect(mail.text).not.toContain('waiting for you');
    expect(mail.text.match(/^- Reply /gm)).toHaveLength(DIGEST_MAX_ITEMS);
  });
});
