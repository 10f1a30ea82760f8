import { reportFilterQuery } from '@shared/schemas/reports.js';
import { getReportBreakdown } from '../queries/reports/get-report-breakdown.js';
import { getReportMetrics } from '../queries/reports/get-report-metrics.js';
import { listReportChoices } from '../queries/reports/list-report-choices.js';
import { authedProcedure, router } from './trpc.js';

/** Reports over tRPC: twins of GET /reports/metrics/, /reports/breakdown/ and /reports/choices/. */
export const reportsRouter = router({
  metrics: authedProcedure
    .input(reportFilterQuery)
    .query(({ ctx, input }) => getReportMetrics(ctx.core, { actor: ctx.actor, filter: input })),
  breakdown: authedProcedure
    .input(reportFilterQuery)
    .query(({ ctx, input }) => getReportBreakdown(ctx.core, { actor: ctx.actor, filter: input })),
  choices: authedProcedure.query(({ ctx }) => listReportChoices(ctx.core, { actor: ctx.actor })),
});
