import { Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Cell, Pie, PieChart, ResponsiveContainer } from 'recharts';
import { NDA_CHART_DELAY_MS } from '@shared/reports';
import type { ReportMetricsDto } from '@client/lib/api-types';
import { ChartFrame } from './ChartFrame';
import { CHART_COLORS, type ChartSize } from './chart-colors';

type Slice = { name: string; value: number; color: string };

function LegendItem({ slice }: { slice: Slice }) {
  return (
    <Group gap={6} wrap="nowrap">
      <span style={{ width: 12, height: 12, borderRadius: 3, background: slice.color, flex: 'none' }} />
      <Text fz="sm">
        {slice.name} <b data-testid={`ring-${slice.name.toLowerCase()}`}>{slice.value}</b>
      </Text>
    </Group>
  );
}

/**
 * The NDAs as a half ring: the outer band Signed vs Unsigned, the inner band Active (negotiated) vs
 * Recalled. It is drawn a second after the figures arrive (spec section 9).
 */
export function NdaHalfRing({ metrics, size }: { metrics: ReportMetricsDto; size: ChartSize }) {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDrawn(true), NDA_CHART_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const outer: Slice[] = [
    { name: 'Signed', value: metrics.numberOfSignedNda, color: CHART_COLORS.signed },
    { name: 'Unsigned', value: metrics.numberOfUnsignedNda, color: CHART_COLORS.unsigned },
  ];
  const inner: Slice[] = [
    { name: 'Active', value: metrics.numberOfActiveNda, color: CHART_COLORS.active },
    { name: 'Recalled', value: metrics.numberOfRecalledNda, color: CHART_COLORS.recalled },
  ];
  const empty = [...outer, ...inner].every((s) => s.value === 0);
  const ring = (
    <PieChart width={size.width} height={size.height} accessibilityLayer={false}>
      {empty && (
        <Pie
          data={[{ value: 1 }]}
          dataKey="value"
          startAngle={180}
          endAngle={0}
          cy="80%"
          innerRadius="55%"
          outerRadius="95%"
          fill="var(--mantine-color-gray-2)"
          stroke="none"
          isAnimationActive={false}
          rootTabIndex={-1}
        />
      )}
      <Pie
        rootTabIndex={-1}
        data={outer}
        dataKey="value"
        nameKey="name"
        startAngle={180}
        endAngle={0}
        cy="80%"
        innerRadius="78%"
        outerRadius="95%"
      >
        {outer.map((s) => (
          <Cell key={s.name} fill={s.color} />
        ))}
      </Pie>
      <Pie
        rootTabIndex={-1}
        data={inner}
        dataKey="value"
        nameKey="name"
        startAngle={180}
        endAngle={0}
        cy="80%"
        innerRadius="55%"
        outerRadius="72%"
      >
        {inner.map((s) => (
          <Cell key={s.name} fill={s.color} />
        ))}
      </Pie>
    </PieChart>
  );

  return (
    <ChartFrame
      title="NDAs"
      description="Outer band: signed and unsigned. Inner band: active (negotiated) and recalled."
      testId="chart-ndas"
      table={{
        caption: 'NDAs by state',
        columns: ['State', 'NDAs'],
        rows: [...outer, ...inner].map((s) => [s.name, s.value]),
      }}
    >
      <Stack gap="xs">
        <div style={{ width: size.width ?? '100%', height: size.height }} data-drawn={drawn || undefined}>
          {!drawn ? (
            <Center h="100%">
              <Loader size="sm" />
            </Center>
          ) : size.width ? (
            ring
          ) : (
            <ResponsiveContainer width="100%" height={size.height}>
              {ring}
            </ResponsiveContainer>
          )}
        </div>
        <Group gap="lg" justify="center">
          {[...outer, ...inner].map((s) => (
            <LegendItem key={s.name} slice={s} />
          ))}
        </Group>
      </Stack>
    </ChartFrame>
  );
}
