import { ENGAGEMENT_FORMULA } from '@shared/engagement.js';
import { REASONS } from '@shared/reasons.js';
import { SERVER_MESSAGES } from '@shared/realtime/contract.js';

/** The socket messages of the shared contract, one table row each. */
const SOCKET_MESSAGES = Object.entries(SERVER_MESSAGES)
  .map(([name, m]) => `| \`${name}\` | ${m.rooms} | \`${m.payload}\` |`)
  .join('\n');

/** Every reason code an error body can carry, one table row each. */
const REASON_ROWS = Object.entries(REASONS)
  .map(([code, when]) => `| \`${code}\` | ${when} |`)
  .join('\n');

/** The introduction of the OpenAPI description: the conventions every call follows and the contract decisions where the spec is silent. */
export const API_DESCRIPTION = `
The REST surface of the NDA workspace. Every call here is also a tRPC procedure over the same command,
at \`/trpc\`, which the web client uses.

## Conventions
- **Keys**: snake_case in (camelCase is accepted as well), camelCase out.
- **Authentication**: \`Authorization: Bearer <access>\`. \`POST /authentication/login/\` answers an access
  token (15 minutes) and a refresh token (24 hours). \`POST /authentication/token/refresh/\` rotates the
  refresh token. The same refresh token presented again within 10 seconds answers the same new pair
  (while that pair is live); presented later, it is treated as theft and ends the whole session.
- **Errors**: messages by field name, \`nonFieldErrors\`, \`detail\`, and \`code\`, the reason (table below): match
  on the code, not on the wording, which may change. 400 bad input, 401 a missing or
  expired token, 403 what the caller may see but not do, 404 what does not exist *or what the caller
  may not see*, 405 a method the path does not serve (with \`Allow\`), 413 a body or file too large,
  415 a body of a media type the call does not read, 429 too many attempts (with \`Retry-After\`),
  431 request headers too large. Bad input never answers 500. Every answer carries
  \`Cache-Control: no-store\`.
- **Query parameters** a call does not declare are ignored, on every call.
- **Lists**: \`limit\` and \`offset\`; the answer is \`{count, next, previous, results}\`; \`limit=-1\` answers
  every row in one page; \`limit=0\` is refused (400).
- **Uploads** are checked by their content, not their name. NDAs, templates, teasers, CIMs and deal documents accept PDF
  (3 MB at most, deal documents up to \`DEAL_DOCUMENT_MAX_MB\`; encrypted or damaged files are refused with a message) and DOC, DOCX or ODT, which are
  converted to PDF on the server.

## Reason codes
| code | when |
| --- | --- |
${REASON_ROWS}

## Contract decisions where the spec is silent
- Templates live at \`/projects/nda_templates/\`; an item has \`get_nda_template_pdf/\` and \`get_preview/\`
  (a PNG of the first page, rendered on the server).
- Sending to recipients: each recipient row becomes a contact of the company, found or created by e-mail,
  whose \`user\` is the account for that e-mail (an invited, not yet registered signer when there is none).
  \`POST /projects/signers_group/ {name, users}\` makes a contacts group; \`POST /projects/project_branches/
  {name, project, signer_groups, allow_comments, send_teaser, inherit_nda_from_project}\` makes the
  project's group and a signership for every user of its contacts groups.
- \`GET /projects/dashboard/?project=\` lists the project's groups, each with its signerships. In
  \`POST /projects/dashboard/{id}/send_nda_to_all_signers/\` and \`.../send_nda_to_signer/\`, \`{id}\` is the
  group (project branch), as is \`project_branch\` in the body.
- Threads live at \`/projects/comment_threads/\`: \`POST {nda, text, pointers: [{page, x, y}]}\`, where \`x\`
  and \`y\` are fractions (0 to 1) of the page's visible width and height (its CropBox) and \`page\` counts
  from 1. \`GET {id}/negotiation_approve/\` and \`negotiation_reject/\` move the thread through the
  negotiation state machine; the thread's author may not make the first move, and may answer once the
  other side has moved.
- A thread may quote its clause and propose wording: \`POST /projects/comment_threads/\` also takes \`quote\`
  (the words selected on the page, up to 2000 characters; whitespace runs become one space) and
  \`proposal\` (the wording asked for, up to 5000 characters), both optional. \`POST /projects/comments/\`
  also takes \`proposal\`: a counter-proposal. Threads answer \`quote\` (or null), \`proposal\` (the current
  wording: the latest proposal, or null) and \`proposals\` (\`[{text, author, authorId, created}]\`, oldest
  first); comments answer the \`proposal\` they carry (or null). A proposal is on the record: editing or
  deleting its reply keeps it.
- New wording restarts the negotiation: a proposal on a thread one side had approved (or rejected) puts
  it back to \`unresolved\`, so both sides approve the wording that now stands; an agreed thread takes no
  new wording (400). Whoever proposed the standing wording counts as its author for the first move, so
  the other side answers a counter-proposal first.
- Signing needs every thread settled (approved by both parties, or rejected by both): otherwise it is
  refused with 400 and \`nonFieldErrors\` giving how many threads are still open.
- The clause view across bidders: \`GET /projects/projects/{id}/negotiation_overview/\` answers \`{clauses: [{key,
  number, heading, page, quote, x, y, groups, positions, counts, threads: [{id, projectBranch, nda,
  negotiationStatus, proposal, text}]}]}\`, every thread of every group of the project, one row per clause of
  the project NDA (\`key\`, \`number\`, \`heading\` as \`GET /projects/nda/{id}/clauses/\` gives them) whatever words
  each thread quoted, for the project's owner and managers only (a recipient gets 404). A row answers \`groups\`
  (\`[{projectBranch, groupName}]\`, the groups that raised it), \`positions\` (\`[{wording, groups, agreed}]\`: the
  distinct wordings proposed or agreed, compared with case, spacing and punctuation ignored, with the groups
  whose thread stands on each and those that agreed it; a thread rejected by both parties holds none) and
  \`counts\` (\`{open, agreed, rejected}\`). Rows come in the order of the NDA's clauses; \`page\`, \`x\`, \`y\` are
  where the clause starts. Threads outside every clause come after, with \`key\` null: threads quoting the same
  words (compared without regard to case or whitespace) on the same page are one row; threads without a quote
  are one row when their pointers on the same page chain within 0.03 of the page (single linkage).
  Threads also answer \`groupName\`, \`quote\`, \`author\`, \`created\`, \`page\`, \`x\`, \`y\` (their first pointer); the
  answer \`ndas\` (the groups' NDAs). Thread, pointer, status and proposal messages reach the project's room
  too, so the view stays live; replies do not (a reply's wording comes as \`proposal.created\`).
- Passing on the opportunity (\`.../reject/\`) by any signer of a group closes that group's negotiation:
  new threads, replies, pointers, edits and approvals or rejections, and a co-recipient's signature, are
  refused (400, \`nonFieldErrors\`). It takes an optional \`reason\` (up to 1000 characters), answered as
  the signership's \`rejectionReason\` and the nda_rejected event's \`reason\` to the sending team (and
  to its author); a group answers \`passed\` when one of its recipients passed.
- Signing and passing: \`/projects/dashboard/{id}/sign/\` (\`{id}\`: the signership) and \`.../reject/\` answer GET, as the
  spec has them, and POST. Signing is idempotent: signing twice, or two signers at once, gives one signed
  NDA and one event. Once signed, \`GET /projects/nda/{id}/get_nda_pdf/\` serves the signed, sealed PDF
  (\`?original=true\` the original), named \`<project> - <group> - <NDA name> (signed).pdf\`;
  \`GET /projects/projects/{id}/signed_ndas.zip\` serves all of a project's, to its sending team.
- A group's \`name\` is the sending team's own label and never reaches a recipient. For a signer, group
  answers (REST and tRPC, the invitation check's \`projectBranch\`) carry \`name\` set to their own company's
  name (their own full name while they have no company yet), and their signed file is named with it.
- Consistency across bidders: each row of the clause view also answers \`consistency\`, null unless a group agreed new
  wording (approved by both parties) while the project's groups do not all stand on it (a group stands on the wording it
  agreed, else the wording its open thread proposes, else the original text: no thread, or rejected by both). Then it is
  \`{sentence, agreed: [{wording, groups}], offers: [{wording, threads, groups}]}\`: a sentence such as "2 groups agreed
  12 months, 1 agreed 24 months, 3 kept the original wording", the agreed wordings (most groups first) and, for each, the
  open threads of the groups that do not hold it, to send it with \`negotiation_bulk\` (\`move: "propose"\`). The view
  also answers \`outliers: [{projectBranch, groupName, clauses: [{key, number, heading, wording}]}]\`: the groups holding
  an agreed wording no other group has agreed or is offered, which the tracker flags. All of it comes from the one read.
- An NDA as clauses: \`GET /projects/nda/{id}/clauses/\` (tRPC \`ndas.clauses\`) answers \`[{key, number, heading,
  text, pages, boxes: [{page, x, y, width, height}]}]\`, the NDA's text split when it was stored (numbered
  sections, headed paragraphs, rows of a cover-page table of terms), boxes in fractions of the visible page.
  A group's copy of the project NDA shares its clause keys. Threads answer \`clause: {key, number, heading}\`
  (or null): the clause holding their first pointer, or the one whose text holds their quote.
- Playbooks, the sending team's own: \`GET\`/\`PUT /projects/projects/{id}/playbook/\` and
  \`/projects/nda_templates/{id}/playbook/\` (tRPC \`playbooks.project\`, \`setProject\`, \`template\`, \`setTemplate\`) take
  and answer \`{clauses: [{key, preferred, fallbacks: [string], walkAway, guidance}]}\`. A project NDA made from a
  template copies the template's playbook to its project. Signers get 404; nothing of a playbook reaches a
  recipient by REST, tRPC, socket, e-mail or PDF. The NDA page shows the sending team, on a thread, its clause's
  playbook, whether the standing wording is within it ("within playbook: fallback 2") or outside it.
- Answering many at once: \`POST /projects/projects/{id}/negotiation_bulk/\` (tRPC \`projects.negotiationBulk\`) takes
  \`{threads: [id], move: "propose" | "approve" | "reject", proposal?, playbookPosition?, reply?}\` and answers
  \`{results: [{thread, ok, status?, error?}]}\` with 200 even when some threads fail (\`error: {code, message}\`).
  Each thread gets its own reply or proposal, move, event and live message; \`playbookPosition\` is 0 for the
  playbook's preferred wording, n for fallback n, taken for each thread's clause. Sending team only (404 otherwise).
  Under internal approval, a team member's counter-proposal outside the playbook is held on each thread, and its result
  says \`approval: "pending"\`.
- Internal notes: \`POST\`/\`GET /projects/comment_threads/{id}/notes/\` (tRPC \`notes.create\`, \`notes.list\`, and
  \`notes.ofNda\` for every thread of an NDA at once) take \`{text}\` and answer \`{id, commentThread, nda, text, author,
  authorId, created}\`, for the project's owner and managers only (a signer, like anyone else, gets 404). A note
  reaches no recipient by any door: not in threads, comments, events or the feed, e-mails, the signed PDF or its
  certificate; live, \`note.created\` goes to the project's room, which holds no recipient.
- Internal approval, a project setting: \`proposalApproval\` and \`approvers\` (the project members who may approve
  besides the company's and the project's owner; each must be on the project, else 400), read and written with the
  project, \`null\` to a recipient. While it is on, a reply with a proposal by a team member who may not approve, whose
  wording is none of the playbook's for the thread's clause, is held: \`POST /projects/comments/\` answers \`{id,
  commentThread, nda, text, proposal, author, authorId, created, approval: "pending"}\` and the bidder sees nothing.
  A thread such a member opens with such wording opens without it, the wording held the same way.
  \`GET /projects/nda/{id}/held_proposals/\` (tRPC \`proposals.held\`) lists them for the sending team;
  \`POST /projects/proposals/{id}/release/\` and \`.../discard/\` (tRPC \`proposals.release\`, \`proposals.discard\`),
  for approvers (403 to other team members, 404 to anyone else), send it to the bidder as its author's reply
  (\`approval: "released"\`) or drop it. Holding, releasing and discarding are the project's own events
  (\`proposal_held\`, \`proposal_released\`, \`proposal_discarded\`: no group, so no recipient sees them); approvers
  hear of a held proposal live (\`proposal.held\`, project room) and by e-mail.
- Signature fields live at \`/projects/nda/{id}/signature_fields/\`: \`GET\` and \`PUT {fields: [{party, kind, page, x, y,
  width, height}]}\`, where \`party\` is \`sender\` or \`recipient\`, \`kind\` \`signature\`, \`name\`, \`company\`, \`title\` or
  \`date\`, and \`x\`, \`y\` (the box's top-left corner), \`width\` and \`height\` are fractions of the visible page as for
  pointers. \`PUT\` replaces the set on any NDA the caller may edit, project or group, until it is signed (then 400);
  signers may read them. A group's NDA copied from the project NDA takes its fields. At signing each field is filled
  in its box; without fields the signatures go on a signature page appended after the NDA, before the schedule and
  the certificate. Nothing the product adds covers the uploaded pages: every page of the signed file carries
  "Document NDA-n · page x of N" (counted over the whole file), on the uploaded pages in a strip added below the page.
- Projects also read and write \`disclosingPartyName\` and \`disclosingPartyAddress\` (the seller or client the
  project acts for; empty: the sending company discloses in its own name), \`signsAsAgent\` (boolean, default
  true: the sending company signs as the disclosing party's agent), \`countersignature\` (\`"automatic"\`, the
  default, or \`"manual"\`) and \`releaseDocumentsOn\` (\`"recipient_signed"\` or \`"executed"\`, the default), on
  create, update and read. With a disclosing party the signature page, the certificate and the fields read
  "Falcon Holdings Limited, by Harbour Corporate Finance LLP as agent, signed by Claire Morgan, Director", and the
  sender's \`company\` and \`address\` fields hold the disclosing party's name and address; the bidder reads
  "Kestrel Partners LLP, signed by James Whitfield, Partner".
- The NDA timetable. Projects read and write \`ndaDeadline\` (an ISO 8601 instant with its offset, stored and
  answered in UTC; \`null\`: no deadline) and \`reminders: {firstAfterDays, everyDays, enabled}\` (whole days from 1
  to 365; default \`{firstAfterDays: 5, everyDays: 2, enabled: true}\`; parts left out keep their value), on create,
  update and read (tRPC \`projects.create\`, \`projects.update\`). Groups (project branches) read and write
  \`ndaDeadline\` (\`null\`: the project's) and answer \`effectiveNdaDeadline\` (the group's own, else the project's),
  \`expired\` (the deadline passed with the NDA sent and unsigned) and \`adviser: {name, email}\` (the project's
  owner, whom a bidder contacts). Once the deadline is reached an unsigned NDA cannot be signed: \`sign\` answers 400
  with code \`nda_expired\` and "This NDA expired on 1 December 2026 at 17:00 UTC." (day, month, year, then the time
  in UTC). Moving a deadline later, or removing it, is an extension: each group it applies to whose NDA waits for
  signature gets the event \`deadline_extended\` and its recipients an e-mail with the new deadline. Event
  \`nda_expired\` is recorded once per group when its deadline passes unsigned. Reminders: each recipient of a sent,
  unsigned NDA is e-mailed \`firstAfterDays\` after the NDA was sent, then every \`everyDays\`, until the deadline,
  with the number of open threads and the deadline; each reminder is the event \`reminder_sent\`. A recipient turns
  them off with \`notifyReminders: false\` on their profile or the e-mail's unsubscribe link (kind \`reminders\`).
  Sending the NDA again to one recipient (\`send_mail\` with \`signer\`) stays the manual reminder.
- Deal documents in stages. A project holds any number of deal documents (PDF): \`GET\`/\`POST
  /projects/projects/{id}/documents/\` (multipart \`file\`, \`title\` up to 200 characters, \`release\`:
  \`"invitation"\` | \`"signed"\` | \`"executed"\` | \`"manual"\`, \`"signed"\` when omitted), \`GET\`/\`PATCH\`/\`DELETE
  .../documents/{docId}/\` (\`{title, release}\`), \`GET .../documents/{docId}/file/\` (the PDF) and \`POST
  .../documents/{docId}/release/\` \`{projectBranch}\` to release one by hand to a group whose NDA has been sent
  (whatever its rule). tRPC: \`dealDocuments.list\`, \`get\`, \`update\`, \`delete\`, \`release\` (the file is uploaded
  and downloaded over REST). A document reaches a group whose NDA is sent: \`invitation\` when it is sent,
  \`signed\` at the bidder's signature (or the NDA's execution), \`executed\` once fully executed (countersigned),
  \`manual\` only by hand; a hand release works for every rule. Uploads are checked by content as every upload is
  and stored as a clean copy; deal documents take a PDF up to \`DEAL_DOCUMENT_MAX_MB\` (default 100; larger: 413
  with the limit in the message), and one over 3 MB is streamed from the request to disk, checked there by
  poppler (damaged or encrypted: 400) and streamed to the blob store (an S3 multipart upload) as uploaded, never
  held whole in memory; the download streams too, and answers byte ranges (\`Range\`, 206, \`If-Range\` with
  the \`ETag\`), which the review viewer reads a large document by. Whatever its size, a bidder's watermarked
  copy is clean: the same scripts, actions and embedded files are removed as it is stamped. NDA files keep their 3 MB. A document answers \`{id, project, kind, title, release, fileName, fileSize, file,
  created, releasedAt, releases}\`: the sending team gets every document with \`releases\` (\`[{projectBranch,
  releasedAt}]\`, each group it has reached); a bidder lists and downloads only the documents released to one of
  their groups, with \`releasedAt\` (when it first reached them) and \`releases\` empty; any other answers 404, and
  no door, socket or event gives a bidder the title of a document not released to them. Each release to a group is
  the event \`document_released\` of that group (its \`subject\`: the document; its author: who released it by hand,
  none when its rule did) and the live message \`document.released\` \`{project, projectBranch, document}\` to the
  group's bidders (the document as they see it) and to the sending team. The teaser and the CIM are two deal
  documents (\`kind\` \`"teaser"\` and \`"cim"\`, titled "Teaser" and "CIM"), still set by the project's \`teaser\` and
  \`cim\` files and served by \`get_teaser_pdf/\` and \`get_cim_pdf/\` under the same rules: the teaser on the
  bidder's signature, or on invitation for a group with \`send_teaser\`; the CIM \`"signed"\` or \`"executed"\` as
  the project's \`releaseDocumentsOn\` says (\`recipient_signed\` or \`executed\`: one setting, changed from either
  side). With the default automatic countersignature, signing executes the NDA, so the CIM goes out at the
  bidder's signature. Deleting the teaser or CIM document clears it on the project.
- Who read what. The bidder's viewer records reading with \`POST /projects/views/\` \`{document, pages: [{page,
  seconds}]}\` (a deal document) or \`{nda, pages}\` (their group's NDA): the seconds each page was visible since the
  last batch, sent every 15 seconds and when the page is hidden. Each opening (per sign-in session and document; a
  new one after 30 minutes without a batch) records who, which document, when it was opened and last seen, and each
  page's seconds, bounded per batch and per opening so that a client cannot inflate them. A document the caller may
  not see answers 404. Only bidders' reading is engagement: the sending team's own reading is not recorded (the call
  answers \`{recorded: false}\`). \`GET /projects/projects/{id}/engagement/\` (tRPC \`engagement.project\`), for the
  sending team only (404 to anyone else), answers \`{formula, results}\`: per group \`lastSeen\`, \`documentsOpened\`,
  \`pagesRead\`, \`totalSeconds\` and \`score\`: ${ENGAGEMENT_FORMULA} A group's first opening of a deal document is the event \`document_opened\`
  (author: the bidder; \`subject\`: the document), which every event answers with \`sentence\`, the feed's line:
  "Kestrel Partners opened the CIM" (the bidder's company, else the group's name; \`null\` for the other events). As
  every event of a group, it reaches the sending team and that group's bidders, never another group.
  \`GET /reports/export/engagement/\` exports the figures by group as CSV. Each Monday from 08:00 UTC the project's
  owner gets a weekly engagement e-mail per project whose NDA was sent (once per week, whatever the number of server
  processes), unless they turned it off (\`notifyEngagement: false\` on their profile, or the e-mail's unsubscribe
  link, kind \`engagement\`).
- Templates have signature fields too: \`GET\`/\`PUT /projects/nda_templates/{id}/signature_fields/\` (tRPC
  \`templates.signatureFields\`, \`templates.setSignatureFields\`); an NDA made from a template takes them. The
  project NDA's fields reach every group copy that follows it (groups created later, and copies already sent
  but not signed or recalled); a copy given fields of its own keeps them. Kinds: \`signature\`, \`name\`,
  \`company\`, \`title\`, \`date\`, \`address\`. Text in fields is set at one size across a party's fields, never
  below 7 points.
- Signing takes \`{consent: true}\` (REST body or query, tRPC \`signing.sign\`): the signatory ticked the consent to
  sign electronically in the confirmation. It is recorded with the time, IP and user agent and printed on the
  certificate. A call without it keeps working, as the spec's contract says, and the certificate then says that
  consent was given through the API; \`consent: false\` answers 400. The signer's company may come with the
  signature (\`name\`, \`address\`, \`registration_number\`, \`vat\`, as \`PUT /company/{id}/\` takes them): any of
  them given, they are checked and saved as that full update, then stamped on the signed NDA; none given, the saved
  company is stamped. Signing and countersigning answer the NDA as \`GET /projects/nda/{id}/\` presents it, with
  \`nda\` (its id) beside it.
- Countersignature: with \`countersignature: "manual"\`, the bidder's signature leaves the NDA "Signed by the
  bidder, awaiting countersignature": NDA \`recipientSignedAt\` is set, event \`recipient_signed\` (feed, e-mail to both
  sides, \`nda.updated\` and \`event.created\` live), the negotiation is closed and nothing is sealed yet.
  \`POST /projects/dashboard/{id}/countersign/\` (\`{id}\`: the signership, as for \`sign\`; tRPC
  \`signing.countersign\`) with \`{consent: true}\` is for the project's owner or a team member who may sign: it
  builds the final document with their own saved signature, seals it and marks the NDA signed (\`nda_signed\`,
  \`nda.signed\`). It answers 400 when nothing awaits a countersignature and 404 to anyone who may not countersign
  this NDA (the bidder included). Recall stays possible meanwhile: it voids the bidder's signature (they sign again
  after a restore) and the certificate's timeline says so. \`releaseDocumentsOn: "recipient_signed"\` unlocks the
  CIM on the bidder's signature, \`"executed"\` (the default) once countersigned; the teaser goes with the NDA
  when the group has \`send_teaser\`, else at the bidder's signature (see deal documents).
- The seal is a PAdES certification signature (ETSI.CAdES.detached, SHA-256, DocMDP P=2). With a timestamp
  authority configured (\`SIGNING_TSA_URL\`) it is timestamped and carries a DSS and a document timestamp
  (B-LTA); when no authority answers, the signature is recorded all the same, NDA \`sealPending\` is true
  ("Signed, seal pending") and the file is sealed, never without its timestamp, once an authority answers.
  Until then no door gives the signed file: \`get_nda_pdf\` answers 409 "The signed NDA is waiting for its trusted
  timestamp; it can be downloaded once it is sealed." with \`code\` \`seal_pending\` (\`?original=true\` still
  answers the document as sent, and the NDA's \`file\` points there), the project's \`signed_ndas.zip\` leaves it
  out, and the signed copy's e-mail goes to both sides once it is sealed, not before.
- The signed PDF carries, after the NDA's pages and before the certificate, a schedule headed **Agreed
  amendments**: every thread approved by both parties, with its pages, the text it quotes and the agreed
  wording (its current proposal, or its own text as an agreed point when it proposed none), and who
  approved it when (UTC); the schedule prevails over the text it quotes. The certificate gives each
  thread's status in words and its history (proposals, replies, approvals and rejections, UTC), and says
  how the sender's signature was applied (the account owner's saved signature, at the recipient's
  signing) with the IP of the sending company's last sending or approval.
- \`GET /projects/nda/{id}/signing_preview/\` answers that document (application/pdf) before signing, for
  the project's team and the group's signers: built the same way, from the negotiation as it stands, with
  the signatures still to apply, marked "PREVIEW - NOT SIGNED" on every page and not sealed. It records
  nothing. A project's own NDA and a signed NDA answer 400.
- \`GET /projects/nda/{id}/redline.docx\` answers the NDA as a Word redline (a DOCX), for the project's team
  and the group's signers once sent (404 for anyone else), REST only like the other downloads: its clauses'
  text, each agreed amendment a tracked deletion and insertion (author: the company of the party whose
  approval completed the agreement; date: that approval, UTC), each open thread a Word comment at its quote
  with its replies as replies and its standing proposal as a tracked insertion. Amendments and threads whose
  quote is not in the text go to "Agreed amendments" and "Open comments" sections at the end. Nothing
  internal to the sending team is in it. Every NDA and template keeps a DOCX source beside its review PDF:
  a DOCX upload as it came, a DOC or ODT converted by LibreOffice, otherwise one built from its clauses.
- \`POST /projects/nda/{id}/import_redline/\` takes a bidder's Word mark-up (a DOCX, multipart \`file\`):
  without \`confirm\` it previews the threads its tracked changes and comments would become, and what matches
  no text of the NDA with the reason; with \`confirm\` \`true\` (the same file sent again) it creates them as
  ordinary threads. A signer of the group imports in their own name, the project's team on the bidder's
  behalf: such threads carry \`imported: {by, onBehalfOf}\`, shown to both sides. The same file is imported
  once per NDA (409 \`redline_already_imported\` the second time). REST only, like the other uploads.
- The teaser is served to a signer once their group has \`send_teaser\` or they have signed, the CIM as
  \`releaseDocumentsOn\` says (see deal documents).
- Opening and signing: a party *opens* an NDA when they first read its document, \`GET
  /projects/nda/{id}/get_nda_pdf/\` (the call the NDA page makes to show it): a signer once it is sent, someone
  of the sending side while it is out for signature or awaits their countersignature. That first read records
  an \`nda_opened\` event ("NDA opened" on the certificate, with its UTC time, IP and user agent); later reads
  record nothing. Signing (\`.../sign/\`, tRPC \`signing.sign\`) before the signer has opened the NDA, and
  countersigning (\`.../countersign/\`, tRPC \`signing.countersign\`) before the countersignatory has, answer 400
  "Open the NDA before you sign it." with \`code\` \`nda_not_opened\`. Every event records the caller's IP and
  user agent.
- Uploads: every uploaded or converted PDF (NDAs, templates, and deal documents up to 3 MB) is stored as a clean copy: its
  JavaScript, open and additional actions, launch, submit and import actions, embedded files and unreferenced
  objects are removed. The preview, the review page and the signed file all come from that copy. A PDF with
  optional content (layers) turned off by default is refused with 400 and \`code\` \`upload_hidden_content\`.
  The certificate prints the SHA-256 of the file as uploaded and of the clean copy.
- Verifying: an NDA answers \`signedSha256\`, the SHA-256 of the signed file issued, to both sides once signed
  (null before). \`POST /verify/\` (no sign-in) checks any PDF against it and reads the file's digital
  signatures; the certificate prints the NDA's document ID and the address of the public page \`/verify\`.

## Live updates (socket.io, same origin)
The handshake needs \`auth: {token: <access>}\`; the socket joins its user's room and is disconnected when
the token expires. \`subscribe {projectId}\` or \`subscribe {ndaId}\` joins a room once the policies allow it
and acknowledges \`{ok: true, rooms}\` or \`{ok: false, error}\` (with \`retry: true\` when the server could not
answer for its own reasons: ask again later); \`unsubscribe\` takes the same and leaves
that project's or NDA's rooms. \`presence.update {ndaId, page}\` tells the others in a joined NDA room which
page is open; \`presence.changed\` comes at most ten times a second per room, the whole list first, then the
changes. When a server restarts, its sockets are closed and reconnect by themselves. After a long gap, \`GET /projects/events/?id__gt=<last id>\` returns what was missed.
The server sends these messages, named \`<domain>.<verb>\`, once the change they announce is committed:

| message | rooms | payload |
| --- | --- | --- |
${SOCKET_MESSAGES}
`.trim();
