/**
 * The overview's small chart: model calls and new conversations per day, as bars. The picture is
 * one image with a summary for screen readers; the figures themselves are in a table below it.
 */
import { Heading, Table, Text } from "@radix-ui/themes";
import { useId } from "react";
import { overviewTexts as texts } from "~/messages/admin";
import { formatCount } from "~/messages/en-format";

/** One day of the overview (db/queries/admin-overview.ts returns these). */
type OverviewDay = { day: number; conversations: number; calls: number; bad: number; inputTokens: number; outputTokens: number };

const DAY_MS = 24 * 60 * 60 * 1000;
const HEIGHT = 120;
const SLOT = 20;
const BAR = 7;

const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

function Bars({ days, max }: { days: OverviewDay[]; max: number }) {
  const height = (value: number) => (max === 0 ? 0 : Math.max(value > 0 ? 2 : 0, Math.round((value / max) * HEIGHT)));
  return (
    <>
      {days.map((day, index) => (
        <g key={day.day}>
          <rect className="overview-bar-calls" x={index * SLOT + 2} y={HEIGHT - height(day.calls)} width={BAR} height={height(day.calls)} />
          <rect
            className="overview-bar-conversations"
            x={index * SLOT + 2 + BAR + 1}
            y={HEIGHT - height(day.conversations)}
            width={BAR}
            height={height(day.conversations)}
          />
        </g>
      ))}
      <line className="overview-axis" x1={0} x2={days.length * SLOT} y1={HEIGHT + 0.5} y2={HEIGHT + 0.5} />
    </>
  );
}

export function OverviewChart({ days }: { days: OverviewDay[] }) {
  const titleId = useId();
  const max = Math.max(0, ...days.map((day) => Math.max(day.calls, day.conversations)));
  const busiest = days.reduce((best, day) => (day.calls > best.calls ? day : best), days[0]!);
  const total = (pick: (day: OverviewDay) => number) => days.reduce((sum, day) => sum + pick(day), 0);
  return (
    <section aria-labelledby={titleId} className="overview-chart">
      <Heading as="h2" size="5" id={titleId} mb="2">
        {texts.chartHeading}
      </Heading>
      <svg
        role="img"
        aria-label={texts.chartLabel(days.length, total((day) => day.calls), total((day) => day.conversations), dateOf(busiest.day))}
        viewBox={`0 0 ${days.length * SLOT} ${HEIGHT + 1}`}
        preserveAspectRatio="none"
        className="overview-chart-picture"
      >
        <Bars days={days} max={max} />
      </svg>
      <Text as="p" size="1" color="gray" className="overview-legend" aria-hidden="true">
        <span>
          <span className="overview-key overview-key-calls" /> {texts.legendCalls}
        </span>
        <span>
          <span className="overview-key overview-key-conversations" /> {texts.legendConversations}
        </span>
        <span>{texts.chartRange(dateOf(days[0]!.day), dateOf(days.at(-1)!.day), max)}</span>
      </Text>
      <details className="overview-table">
        <summary>{texts.tableSummary}</summary>
        <Table.Root size="1" variant="surface">
          <Table.Header>
            <Table.Row>
              {texts.tableColumns.map((column) => (
                <Table.ColumnHeaderCell key={column}>{column}</Table.ColumnHeaderCell>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {[...days].reverse().map((day) => (
              <Table.Row key={day.day}>
                <Table.RowHeaderCell>{dateOf(day.day)}</Table.RowHeaderCell>
                <Table.Cell>{formatCount(day.conversations)}</Table.Cell>
                <Table.Cell>{formatCount(day.calls)}</Table.Cell>
                <Table.Cell>{formatCount(day.bad)}</Table.Cell>
                <Table.Cell>{formatCount(day.inputTokens)}</Table.Cell>
                <Table.Cell>{formatCount(day.outputTokens)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </details>
    </section>
  );
}
