import type { ReactElement } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { type MonthCount, monthLabel } from '@shared/reports';
import type { ReportMetricsDto } from '@client/lib/api-types';
import { ChartFrame } from './ChartFrame';
import { CHART_COLORS, type ChartSize } from './chart-colors';

interface Series {
  key: string;
  name: string;
  color: string;
  months: MonthCount[];
}

/** One row per month with each series' number under its key, for recharts and the table alike. */
function byMonth(series: Series[]) {
  const first = series[0]?.months ?? [];
  return first.map((m, i) => ({
    label: monthLabel(m),
    ...Object.fromEntries(series.map((s) => [s.key, s.months[i]?.number ?? 0])),
  }));
}

function sized(size: ChartSize, chart: ReactElement) {
  if (size.width) return chart;
  return (
    <ResponsiveContainer width="100%" height={size.height}>
      {chart}
    </ResponsiveContainer>
  );
}

const axis = { stroke: CHART_COLORS.axis, tick: { fill: CHART_COLORS.axis, fontSize: 12 } };

function MonthlyChart({
  title,
  description,
  testId,
  series,
  size,
  kind,
}: {
  title: string;
  description: string;
  testId: string;
  series: Series[];
  size: ChartSize;
  kind: 'bar' | 'area';
}) {
  const data = byMonth(series);
  const common = {
    width: size.width,
    height: size.height,
    data,
    margin: { top: 8, right: 16, bottom: 0, left: -12 },
    accessibilityLayer: false,
  };
  const parts = [
    <CartesianGrid key="grid" stroke={CHART_COLORS.grid} strokeDasharray="3 3" vertical={false} />,
    <XAxis key="x" dataKey="label" {...axis} />,
    <YAxis key="y" allowDecimals={false} {...axis} />,
    <Tooltip key="tip" />,
    <Legend
      key="legend"
      wrapperStyle={{ fontSize: 13 }}
      formatter={(value: string) => <span style={{ color: 'var(--mantine-color-gray-8)' }}>{value}</span>}
    />,
  ];
  const chart =
    kind === 'bar' ? (
      <BarChart {...common}>
        {parts}
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} radius={[4, 4, 0, 0]} />
        ))}
      </BarChart>
    ) : (
      <AreaChart {...common}>
        {parts}
        {series.map((s) => (
          <Area
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.name}
            stroke={s.color}
            fill={s.color}
            fillOpacity={0.15}
            strokeWidth={2}
          />
        ))}
      </AreaChart>
    );
  return (
    <ChartFrame
      title={title}
      description={description}
      testId={testId}
      table={{
        caption: `${title} by month`,
        columns: ['Month', ...series.map((s) => s.name)],
        rows: data.map((row) => [row.label, ...series.map((s) => (row as Record<string, number | string>)[s.key]!)]),
      }}
    >
      {sized(size, chart)}
    </ChartFrame>
  );
}

/** 'Project/ Recipients': projects and recipient groups created each month. */
export function ProjectsRecipientsChart({ metrics, size }: { metrics: ReportMetricsDto; size: ChartSize }) {
  return (
    <MonthlyChart
      kind="bar"
      title="Project/ Recipients"
      description="Projects and recipient groups created each month."
      testId="chart-projects-recipients"
      size={size}
      series={[
        {
          key: 'projects',
          name: 'Projects',
          color: CHART_COLORS.projects,
          months: metrics.numberOfProjectsCreatedByMonth,
        },
        {
          key: 'recipients',
          name: 'Recipients',
          color: CHART_COLORS.recipients,
          months: metrics.numberOfProjectBranchesCreatedByMonth,
        },
      ]}
    />
  );
}

/** 'Send NDAs/ Signed NDAs/ Recalled NDAs': NDAs sent, signed and recalled each month. */
export function NdaActivityChart({ metrics, size }: { metrics: ReportMetricsDto; size: ChartSize }) {
  return (
    <MonthlyChart
      kind="area"
      title="Send NDAs/ Signed NDAs/ Recalled NDAs"
      description="NDAs sent, signed and recalled each month; an NDA counts once a month."
      testId="chart-nda-activity"
      size={size}
      series={[
        { key: 'sent', name: 'Send NDAs', color: CHART_COLORS.sent, months: metrics.numberOfNdaSentByMonth },
        { key: 'signed', name: 'Signed NDAs', color: CHART_COLORS.signed, months: metrics.numberOfNdaSignedByMonth },
        {
          key: 'recalled',
          name: 'Recalled NDAs',
          color: CHART_COLORS.recalled,
          months: metrics.numberOfNdaRecalledByMonth,
        },
      ]}
    />
  );
}
