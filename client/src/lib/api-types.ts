/** The DTOs of the server's presenters: the one shape every door (REST, tRPC, socket) answers with. */
export type { BranchDto, BranchNdaDto, SignerGroupDto } from '@server/presenters/branch';
export type { ContactDto } from '@server/presenters/contact';
export type { EventDto } from '@server/presenters/event';
export type { MemberDto } from '@server/presenters/member';
export type { NdaDto } from '@server/presenters/nda';
export type { ProjectDto, ProjectStatusDto } from '@server/presenters/project';
export type { ReportBreakdownDto, ReportClauseDto, ReportGroupDto, ReportMetricsDto } from '@server/presenters/report';
export type { NegotiationOverviewDto } from '@server/presenters/negotiation-overview';
export type { SignershipDto } from '@server/presenters/signership';
export type { TemplateDto } from '@server/presenters/template';
