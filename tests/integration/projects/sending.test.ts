import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SENDING_MESSAGES } from '@shared/schemas/sending.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { mailCount } from '@tests/support/account-area.js';
import { createSigner, latestMail, loginAs, type TestUser } from '@tests/support/factories.js';
import { authHeader, trpcMutation } from '@tests/support/http.js';
import {
  addRecipientsGroup,
  api,
  createGroup,
  createProject,
  createScene,
  createSignerGroup,
  expectStatus,
  lastEventId,
  recipient,
  registerInvitedSigner,
  resolve,
  type Scene,
  sendToAll,
  sendToSigner,
  signerInvitationLink,
} from '@tests/support/projects.js';

// Sending a group's NDA: POST /projects/dashboard/{groupId}/send_nda_to_all_signers/ and send_nda_to_signer/
// (server/rest/dashboard.ts, commands/sending/send-nda.ts, mail/nda-mails.ts), then the recipient's side.

let t: TestApp;
let s: Scene;
/** A registered account of another company that will receive an NDA (a sign-in link, no invitation). */
let registered: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  s = await createScene(t);
  registered = await createSigner(t, s.stranger, 'Registered Fund LP');
});
afterAll(async () => {
  await t?.close();
});

const ndaOf = (branchId: number) =>
  t.core.db.selectFrom('ndas').selectAll().where('projectBranchId', '=', branchId).executeTakeFirstOrThrow();

describe('send_nda_to_all_signers', () => {
  it('sends: NDA marked sent, an nda_sent event and an e-mail per recipient, the right link for each', async () => {
    const fresh = recipient('fresh', 'Fiona', 'Fresh');
    const { group, users } = await addRecipientsGroup(
      t,
      s.member,
      s.project.id,
      [fresh, { firstName: 'Reg', lastName: 'Istered', email: registered.email }],
      { name: 'Mixed' },
    );
    expect(users[1]).toBe(registered.id);
    expect(await mailCount(t, fresh.email)).toBe(0); // resolving recipients sends nothing
    const before = await lastEventId(t);

    const note = 'Dear bidders,\n<b>Confidential</b> & "strictly" private.';
    const res = await sendToAll(t, s.member, group.id, { subject: 'Project Falcon – NDA', note });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({
      detail: SENDING_MESSAGES.sent,
      sent: 2,
      nda: { isSent: true, isRecalled: false, isSigned: false },
    });

    const nda = await ndaOf(group.id);
    expect(nda).toMatchObject({ isSent: true });
    expect(nda.sentAt).toBeInstanceOf(Date);
    const events = await t.core.db
      .selectFrom('events')
      .select(['status', 'subjectId', 'authorId', 'ndaId', 'projectBranchId'])
      .where('id', '>', before)
      .orderBy('id')
      .execute();
    expect(events).toEqual(
      [...users]
        .sort((a, b) => a - b)
        .map((u) => ({
          status: 'nda_sent',
          subjectId: u,
          authorId: s.member.id,
          ndaId: nda.id,
          projectBranchId: group.id,
        })),
    );

    const invitation = await latestMail(t, fresh.email);
    expect(invitation!.subject).toBe('Project Falcon – NDA');
    expect(invitation!.textBody).toContain('Owner Holdings Ltd');
    expect(invitation!.textBody).toContain('<b>Confidential</b> & "strictly" private.');
    expect(invitation!.htmlBody).toContain('&lt;b&gt;Confidential&lt;/b&gt; &amp; &quot;strictly&quot; private.');
    expect(invitation!.htmlBody).not.toContain('<b>Confidential');
    expect(invitation!.textBody).toContain('Hello Fiona,');
    const link = await signerInvitationLink(t, fresh.email);
    expect(link.url).toMatch(new RegExp(`^${t.config.appUrl}/signer_invitation/[^:\\s]+:[^\\s]+$`));

    const login = await latestMail(t, registered.email);
    expect(login!.subject).toBe('Project Falcon – NDA');
    expect(login!.textBody).toContain(`${t.config.appUrl}/projects/${s.project.id}/group/${group.id}/nda`);
    expect(login!.textBody).not.toContain('/signer_invitation/');
    expect(login!.textBody).toContain('Owner Holdings Ltd');
  });

  it('lets the invited recipient register from the link and see the project read-only', async () => {
    const fresh = recipient('reader', 'Rita', 'Reader');
    const { group } = await addRecipientsGroup(t, s.owner, s.project.id, [fresh], {
      name: 'Readers',
      sendTeaser: false,
    });
    expectStatus(await sendToAll(t, s.owner, group.id), 200);
    const signer = await registerInvitedSigner(t, fresh.email, 'Reader Capital');
    expect(signer.user).toMatchObject({ role: 'signer', companyName: 'Reader Capital' });

    const received = await api(t, 'GET', '/projects/projects/?filter=Received', signer);
    expectStatus(received, 200);
    expect(received.body.results.map((p: { id: number }) => p.id)).toEqual([s.project.id]);
    const project = await api(t, 'GET', `/projects/projects/${s.project.id}/`, signer);
    expectStatus(project, 200);
    expect(project.body).toMatchObject({ access: 'signer', members: [], projectBranches: [group.id] });
    const groupView = await api(t, 'GET', `/projects/project_branches/${group.id}/`, signer);
    expectStatus(groupView, 200);
    expect(groupView.body.signerships[0].signer).toMatchObject({
      id: signer.id,
      company: { name: 'Reader Capital' },
      isRegistered: true,
    });

    expectStatus(await api(t, 'GET', `/projects/dashboard/?project=${s.project.id}`, signer), 403);
    expectStatus(
      await api(t, 'PATCH', `/projects/projects/${s.project.id}/`, signer, { json: { name: 'Mine now' } }),
      403,
    );
    expectStatus(await sendToAll(t, signer, group.id), 403);
    expectStatus(await api(t, 'GET', `/projects/project_branches/${s.groupA.id}/`, signer), 404);

    // The link works once.
    const again = await api(t, 'POST', '/registration/signer_invitation_confirm/', null, {
      json: {
        ...(await signerInvitationLink(t, fresh.email)),
        new_password1: 'another-pass-1',
        new_password2: 'another-pass-1',
        first_name: 'X',
        last_name: 'Y',
        location: 'Z',
        linkedin_link: 'https://linkedin.com/in/x',
        company_name: 'X',
      },
    });
    expectStatus(again, 400);
  });

  it('sends a group its NDA once, then one recipient at a time; an unregistered recipient gets a fresh link', async () => {
    const fresh = recipient('resend');
    const { group, users } = await addRecipientsGroup(t, s.owner, s.project.id, [fresh], { name: 'Resend' });
    expectStatus(await sendToAll(t, s.owner, group.id), 200);
    const firstLink = await signerInvitationLink(t, fresh.email);
    const { sentAt } = await ndaOf(group.id);
    // The spec's resend rule: the group's NDA is sent already.
    const again = await sendToAll(t, s.owner, group.id, { subject: 'Reminder' });
    expectStatus(again, 400);
    expect(again.body).toEqual({ nonFieldErrors: [SENDING_MESSAGES.alreadySent], code: 'not_sendable' });
    expect(await mailCount(t, fresh.email)).toBe(1);
    expectStatus(await sendToSigner(t, s.owner, group.id, users[0]!, { subject: 'Reminder' }), 200);
    expect(await mailCount(t, fresh.email)).toBe(2);
    expect((await latestMail(t, fresh.email))!.subject).toBe('Reminder');
    const secondLink = await signerInvitationLink(t, fresh.email);
    expect(secondLink.token).not.toBe(firstLink.token);
    expect((await ndaOf(group.id)).sentAt).toEqual(sentAt);
    // Only the newest link registers.
    const old = await api(t, 'POST', '/registration/signer_invitation_confirm/', null, {
      json: {
        uid: firstLink.uid,
        token: firstLink.token,
        new_password1: 'correct-horse-42',
        new_password2: 'correct-horse-42',
        first_name: 'R',
        last_name: 'S',
        location: 'L',
        linkedin_link: 'https://linkedin.com/in/r',
        company_name: 'R',
      },
    });
    expectStatus(old, 400);
    await registerInvitedSigner(t, fresh.email);
  });

  it('copies the project NDA into a group that inherits it but has none yet', async () => {
    const project = await createProject(t, s.owner, { name: 'Late NDA' });
    const { group } = await addRecipientsGroup(t, s.owner, project.id, [recipient()], { name: 'Early group' });
    expect(group.nda).toBeNull();
    const none = await sendToAll(t, s.owner, group.id);
    expectStatus(none, 400);
    expect(none.body).toEqual({ nonFieldErrors: [SENDING_MESSAGES.noNda], code: 'not_sendable' });
    await t.core.db.deleteFrom('ndas').where('projectBranchId', '=', group.id).execute();
    const upload = await api(t, 'POST', '/projects/nda/', s.owner, {
      form: [
        { name: 'project', value: String(project.id) },
        { name: 'name', value: 'Late NDA' },
        {
          name: 'file',
          file: {
            filename: 'nda.pdf',
            contentType: 'application/pdf',
            body: (await import('@tests/support/account-area.js')).fixture('ndas/mutual-nda.pdf'),
          },
        },
      ],
    });
    expectStatus(upload, 201);
    await t.core.db.deleteFrom('ndas').where('projectBranchId', '=', group.id).execute(); // as if the group never got it
    const sent = await sendToAll(t, s.owner, group.id);
    expectStatus(sent, 200);
    expect((await ndaOf(group.id)).name).toBe('Late NDA');
  });

  it('refuses a group without an NDA of its own that does not inherit the project’s', async () => {
    const users = await resolve(t, s.owner, [recipient()]);
    const sg = await createSignerGroup(t, s.owner, users);
    const group = await createGroup(t, s.owner, s.project.id, [sg.id], {
      inheritNdaFromProject: false,
      name: 'Own NDA',
    });
    const res = await sendToAll(t, s.owner, group.id);
    expectStatus(res, 400);
    expect(res.body).toEqual({ nonFieldErrors: [SENDING_MESSAGES.noNda], code: 'not_sendable' });
  });

  it('refuses a recalled or a signed NDA', async () => {
    const { group } = await addRecipientsGroup(t, s.owner, s.project.id, [recipient()], { name: 'Recalled' });
    expectStatus(await sendToAll(t, s.owner, group.id), 200);
    const nda = await ndaOf(group.id);
    expectStatus(await api(t, 'PATCH', `/projects/nda/${nda.id}/`, s.owner, { json: { is_recalled: true } }), 200);
    const recalled = await sendToAll(t, s.owner, group.id);
    expectStatus(recalled, 400);
    expect(recalled.body).toEqual({ nonFieldErrors: [SENDING_MESSAGES.notSendable], code: 'not_sendable' });

    const { group: signedGroup } = await addRecipientsGroup(t, s.owner, s.project.id, [recipient()], {
      name: 'Signed',
    });
    await t.core.db
      .updateTable('ndas')
      .set({ isSent: true, isSigned: true, signedAt: new Date() })
      .where('projectBranchId', '=', signedGroup.id)
      .execute();
    expect((await sendToAll(t, s.owner, signedGroup.id)).body).toEqual({
      nonFieldErrors: [SENDING_MESSAGES.notSendable],
      code: 'not_sendable',
    });
  });

  it('needs a subject and a note, and the group of the address', async () => {
    const res = await sendToAll(t, s.owner, s.groupA.id, { subject: ' ', note: '' });
    expectStatus(res, 400);
    expect(res.body).toEqual({
      subject: [SENDING_MESSAGES.subjectRequired],
      note: [SENDING_MESSAGES.noteRequired],
      code: 'invalid_input',
    });
    const missing = await api(t, 'POST', `/projects/dashboard/${s.groupA.id}/send_nda_to_all_signers/`, s.owner, {
      json: {},
    });
    expect(Object.keys(missing.body).sort()).toEqual(['code', 'note', 'subject']);
    const wrong = await sendToAll(t, s.owner, s.groupA.id, { project_branch: s.groupB.id });
    expectStatus(wrong, 400);
    expect(wrong.body).toEqual({ projectBranch: [SENDING_MESSAGES.wrongGroup], code: 'group_invalid' });
    // A subject is one line in the mail header.
    expectStatus(
      await sendToSigner(t, s.owner, s.groupA.id, s.signerA.id, { subject: 'Line one\r\nBcc: evil@example.com' }),
      200,
    );
    expect((await latestMail(t, s.signerA.email))!.subject).toBe('Line one Bcc: evil@example.com');
  });

  it('is for the project’s managers: signers 403, others 404, anonymous 401', async () => {
    expectStatus(await sendToAll(t, s.signerA, s.groupA.id), 403);
    expectStatus(await sendToAll(t, s.signerB, s.groupA.id), 404);
    expectStatus(await sendToAll(t, s.outsider, s.groupA.id), 404);
    expectStatus(await sendToAll(t, s.stranger, s.groupA.id), 404);
    expectStatus(await sendToAll(t, null, s.groupA.id), 401);
    expectStatus(await sendToAll(t, s.owner, 99999999), 404);
  });
});

describe('send_nda_to_signer', () => {
  it('sends to one recipient of the group only', async () => {
    const [one, two] = [recipient('one'), recipient('two')];
    const { group, users } = await addRecipientsGroup(t, s.owner, s.project.id, [one, two], { name: 'Pair' });
    const before = await lastEventId(t);
    const res = await api(t, 'POST', `/projects/dashboard/${group.id}/send_nda_to_signer/`, s.owner, {
      json: { project_branch: group.id, subject: 'Just you', note: 'Only for you.', signer: users[1] },
    });
    expectStatus(res, 200);
    expect(res.body.sent).toBe(1);
    expect(await mailCount(t, one.email)).toBe(0);
    expect(await mailCount(t, two.email)).toBe(1);
    expect((await ndaOf(group.id)).isSent).toBe(true);
    const events = await t.core.db
      .selectFrom('events')
      .select(['status', 'subjectId'])
      .where('id', '>', before)
      .execute();
    expect(events).toEqual([{ status: 'nda_sent', subjectId: users[1] }]);

    const outside = await api(t, 'POST', `/projects/dashboard/${group.id}/send_nda_to_signer/`, s.owner, {
      json: { subject: 'x', note: 'y', signer: s.signerA.id },
    });
    expectStatus(outside, 400);
    expect(outside.body).toEqual({ signer: [SENDING_MESSAGES.notInGroup], code: 'not_sendable' });
    expectStatus(
      await api(t, 'POST', `/projects/dashboard/${group.id}/send_nda_to_signer/`, s.owner, {
        json: { subject: 'x', note: 'y' },
      }),
      400,
    );
    expectStatus(
      await api(t, 'POST', `/projects/dashboard/${group.id}/send_nda_to_signer/`, s.signerA, {
        json: { subject: 'x', note: 'y', signer: users[0] },
      }),
      404,
    );
  });

  it('is a tRPC call too', async () => {
    const { group, users } = await addRecipientsGroup(t, s.owner, s.project.id, [recipient()], { name: 'tRPC send' });
    const res = await trpcMutation(
      t,
      'groups.sendToSigner',
      { id: group.id, subject: 'S', note: 'N', signer: users[0] },
      authHeader(s.owner.access),
    );
    expect(res.data).toMatchObject({ sent: 1 });
    const all = await trpcMutation(
      t,
      'groups.sendToAll',
      { id: group.id, subject: '', note: 'N' },
      authHeader(s.owner.access),
    );
    expect(all.error?.data.body).toEqual({ subject: [SENDING_MESSAGES.subjectRequired], code: 'invalid_input' });
  });
});

describe('signing in from the e-mailed link', () => {
  it('works for a registered recipient: the project is under Received', async () => {
    const session = await loginAs(t, registered.email);
    const res = await api(t, 'GET', '/projects/projects/?filter=Received', { ...registered, access: session.access });
    expect(res.body.results.map((p: { id: number }) => p.id)).toContain(s.project.id);
  });
});
