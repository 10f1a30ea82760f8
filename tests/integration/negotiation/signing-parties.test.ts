import { describe, expect, it } from 'vitest';
import type { SignatureField } from '@shared/schemas/signature-fields.js';
import type { TestApp } from '@tests/support/app.js';
import { filePart, postNda, postTemplate } from '@tests/support/documents.js';
import { trpcMutation, trpcQuery, authHeader } from '@tests/support/http.js';
import { api, type Cast, negotiationSetup } from '@tests/support/negotiation.js';
import { HAS_PDFTOTEXT, pdfText } from '@tests/support/pdf-tools.js';
import {
  createGroup,
  createProject,
  createSignerGroup,
  expectStatus,
  resolve,
  sendToAll,
  setExtraProjects,
} from '@tests/support/projects.js';

// Fields once, for every group: placed on a template, they come with the project NDA made from it; the
// project NDA's fields reach every group copy that follows it (created before or after, sent or not),
// while a copy given fields of its own keeps them. And the right parties: a project naming the seller
// it acts for has the adviser sign as its agent, with the seller's address in the `address` field.

let t: TestApp;
let cast: Cast;

const box = (kind: SignatureField['kind'], party: SignatureField['party'], y: number): SignatureField => ({
  party,
  kind,
  page: 4,
  x: party === 'sender' ? 0.08 : 0.55,
  y,
  width: 0.37,
  height: kind === 'signature' ? 0.05 : 0.025,
});
const TEMPLATE_FIELDS = [box('signature', 'sender', 0.2), box('signature', 'recipient', 0.2)];
const PROJECT_FIELDS = [
  box('signature', 'sender', 0.3),
  box('company', 'sender', 0.37),
  box('address', 'sender', 0.41),
  box('signature', 'recipient', 0.3),
  box('company', 'recipient', 0.37),
  box('address', 'recipient', 0.41),
];

const fieldsOf = async (ndaId: number) =>
  (await api(t, 'GET', `/projects/nda/${ndaId}/signature_fields/`, cast.owner)).body.fields as SignatureField[];
const groupNda = async (branchId: number) =>
  (await t.core.db.selectFrom('ndas').selectAll().where('projectBranchId', '=', branchId).executeTakeFirstOrThrow()).id;

negotiationSetup({ signersReady: true }, async (made) => {
  ({ t, cast } = made);
  await setExtraProjects(t, cast.owner.user.company!, 10);
});

describe('signature fields on templates and on the project NDA', () => {
  let projectId: number;
  let projectNdaId: number;
  const groups = { sent: 0, unsent: 0, later: 0 };

  it('keeps a template’s fields (REST and tRPC) and gives them to the project NDA made from it', async () => {
    const template = await postTemplate(t, cast.owner, 'Mutual NDA', filePart('file', 'ndas/mutual-nda.pdf'));
    expectStatus(template, 201);
    const templateId = template.body.id as number;
    const put = await api(t, 'PUT', `/projects/nda_templates/${templateId}/signature_fields/`, cast.owner, {
      fields: TEMPLATE_FIELDS,
    });
    expectStatus(put, 200);
    expect(put.body.fields).toEqual(TEMPLATE_FIELDS);
    const read = await trpcQuery(t, 'templates.signatureFields', { id: templateId }, authHeader(cast.owner.access));
    expect(read.data.fields).toEqual(TEMPLATE_FIELDS);
    // Another company's owner and a signer may not see it.
    for (const user of [cast.stranger, cast.signerA1])
      expect((await api(t, 'GET', `/projects/nda_templates/${templateId}/signature_fields/`, user)).status).toBe(404);
    const beyond = await api(t, 'PUT', `/projects/nda_templates/${templateId}/signature_fields/`, cast.owner, {
      fields: [{ ...TEMPLATE_FIELDS[0], page: 9 }],
    });
    expectStatus(beyond, 400);

    projectId = (await createProject(t, cast.owner)).id;
    const nda = await postNda(t, cast.owner, { project: projectId, template: templateId, name: 'Mutual NDA' });
    expectStatus(nda, 201);
    projectNdaId = nda.body.id;
    expect(await fieldsOf(projectNdaId)).toEqual(TEMPLATE_FIELDS);
  });

  it('gives the project NDA’s fields to three groups: before and after the change, sent or not', async () => {
    const [a1, a2, b] = await resolve(t, cast.owner, [cast.signerA1, cast.signerA2, cast.signerB].map(asRecipient));
    const signerGroup = async (id: number, name: string) => (await createSignerGroup(t, cast.owner, [id], name)).id;
    groups.sent = (await createGroup(t, cast.owner, projectId, [await signerGroup(a1!, 'A')], { name: 'Sent' })).id;
    groups.unsent = (
      await createGroup(t, cast.owner, projectId, [await signerGroup(a2!, 'A2')], { name: 'Unsent' })
    ).id;
    expectStatus(await sendToAll(t, cast.owner, groups.sent), 200);
    for (const id of [groups.sent, groups.unsent]) expect(await fieldsOf(await groupNda(id))).toEqual(TEMPLATE_FIELDS);

    const set = await trpcMutation(
      t,
      'ndas.setSignatureFields',
      { id: projectNdaId, fields: PROJECT_FIELDS },
      authHeader(cast.owner.access),
    );
    expect(set.error).toBeUndefined();
    groups.later = (await createGroup(t, cast.owner, projectId, [await signerGroup(b!, 'B')], { name: 'Later' })).id;
    for (const id of [groups.sent, groups.unsent, groups.later])
      expect(await fieldsOf(await groupNda(id)), `group ${id}`).toEqual(PROJECT_FIELDS);
  });

  it('lets a group copy keep fields of its own when the project NDA’s change again', async () => {
    const own = [box('signature', 'recipient', 0.6), box('signature', 'sender', 0.6)];
    expectStatus(
      await api(t, 'PUT', `/projects/nda/${await groupNda(groups.unsent)}/signature_fields/`, cast.owner, {
        fields: own,
      }),
      200,
    );
    const next = PROJECT_FIELDS.map((f) => ({ ...f, y: f.y + 0.1 }));
    expectStatus(
      await api(t, 'PUT', `/projects/nda/${projectNdaId}/signature_fields/`, cast.owner, { fields: next }),
      200,
    );
    expect(await fieldsOf(await groupNda(groups.unsent))).toEqual(own);
    expect(await fieldsOf(await groupNda(groups.later))).toEqual(next);
    expect(await fieldsOf(await groupNda(groups.sent))).toEqual(next);
  });

  it('refuses an unknown field kind with the message naming address', async () => {
    const res = await api(t, 'PUT', `/projects/nda/${projectNdaId}/signature_fields/`, cast.owner, {
      fields: [{ ...PROJECT_FIELDS[0], kind: 'stamp' }],
    });
    expectStatus(res, 400);
    expect(JSON.stringify(res.body)).toContain('kind must be signature, name, company, title, date or address.');
  });

  describe('the right parties', () => {
    it('reads and writes the disclosing party and the signing settings with the project', async () => {
      const res = await api(t, 'PATCH', `/projects/projects/${projectId}/`, cast.owner, {
        disclosing_party_name: 'Falcon Holdings Limited',
        disclosing_party_address: '1 Quay Street, Bristol BS1 4DJ',
      });
      expectStatus(res, 200);
      expect(res.body).toMatchObject({
        disclosingPartyName: 'Falcon Holdings Limited',
        disclosingPartyAddress: '1 Quay Street, Bristol BS1 4DJ',
        signsAsAgent: true,
        countersignature: 'automatic',
        releaseDocumentsOn: 'executed',
      });
      const bad = await api(t, 'PATCH', `/projects/projects/${projectId}/`, cast.owner, { countersignature: 'later' });
      expectStatus(bad, 400);
      const viaTrpc = await trpcQuery(t, 'projects.get', { id: projectId }, authHeader(cast.owner.access));
      expect(viaTrpc.data.disclosingPartyName).toBe('Falcon Holdings Limited');
    });

    it.skipIf(!HAS_PDFTOTEXT)('signs for the seller, by the adviser as agent, with both addresses', async () => {
      const signership = await t.core.db
        .selectFrom('signerships')
        .select('id')
        .where('projectBranchId', '=', groups.sent)
        .executeTakeFirstOrThrow();
      expectStatus(await api(t, 'GET', `/projects/dashboard/${signership.id}/sign/`, cast.signerA1), 200);
      const row = await t.core.db
        .selectFrom('ndas')
        .selectAll()
        .where('projectBranchId', '=', groups.sent)
        .executeTakeFirstOrThrow();
      const text = pdfText((await t.core.blobs.get(row.signedFileKey!))!.body);
      expect(text).toContain('Falcon Holdings Limited, by Adviser Partners LLP as agent, signed by Olivia Owner');
      expect(text).toContain('Buyer A Capital, signed by Alice Acquirer');
      // The address fields and the certificate's notice addresses.
      expect(text).toContain('1 Quay Street, Bristol BS1 4DJ');
      expect(text).toContain('1 Harbour Street, Boston MA');
    });

    it.skipIf(!HAS_PDFTOTEXT)('keeps today’s wording without a disclosing party', async () => {
      expectStatus(
        await api(t, 'PATCH', `/projects/projects/${projectId}/`, cast.owner, { disclosing_party_name: '' }),
        200,
      );
      const ndaId = await groupNda(groups.later);
      await t.core.db.updateTable('ndas').set({ isSent: true, sentAt: new Date() }).where('id', '=', ndaId).execute();
      const text = pdfText(
        (await t.app.inject({
          method: 'GET',
          url: `/api/v1/projects/nda/${ndaId}/signing_preview/`,
          headers: authHeader(cast.owner.access),
        }))!.rawPayload,
      );
      expect(text).toContain('Adviser Partners LLP, signed by Olivia Owner');
      expect(text).not.toContain('as agent');
    });
  });
});

function asRecipient(user: { email: string; user: { firstName?: string; lastName?: string } }) {
  return { firstName: user.user.firstName || 'Bidder', lastName: user.user.lastName || 'Person', email: user.email };
}
