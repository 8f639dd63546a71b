// Charts drawn on the server as SVG (no chart library in the browser): a title and a description
// for screen readers, each bar's figure in its tooltip, and the same figures as a table.
import { useId } from "react";
import { barGeometry, niceMax } from "~/backoffice";
import { useFormat } from "~/components/format";
import { useT } from "~/components/language-context";

// The viewBox is about as wide as the card shows it, so the labels keep a readable size.
const WIDTH = 420;
const HEIGHT = 210;
const TOP = 12;
const AXIS = 26;
const LEFT = 64;

export function BarChart({
  title,
  description,
  labels,
  values,
  format,
  valueHeader,
  minScale = 1,
}: {
  title: string;
  description: string;
  labels: string[];
  values: number[];
  format: (value: number) => string;
  valueHeader: string;
  /** the smallest top of the scale, so that an empty chart still has readable steps */
  minScale?: number;
}) {
  const id = useId();
  const { t } = useT();
  const max = niceMax([minScale, ...values]);
  const plotWidth = WIDTH - LEFT;
  const plotHeight = HEIGHT - AXIS - TOP;
  const bars = barGeometry(values, plotWidth, plotHeight, max);
  return (
    <figure className="card chart">
      <figcaption className="chart-title">{title}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="chart-svg">
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {[0, 0.5, 1].map((fraction) => (
          <g key={fraction}>
            <line
              x1={LEFT}
              x2={WIDTH}
              y1={TOP + plotHeight * (1 - fraction)}
              y2={TOP + plotHeight * (1 - fraction)}
              className="chart-grid"
            />
            <text x={LEFT - 6} y={TOP + plotHeight * (1 - fraction) + 5} textAnchor="end" className="chart-axis">
              {format(max * fraction)}
            </text>
          </g>
        ))}
        {bars.map((bar, index) => (
          <g key={labels[index]}>
            <rect x={LEFT + bar.x} y={TOP + bar.y} width={bar.width} height={bar.height} className="chart-bar">
              <title>{`${labels[index]}: ${format(values[index])}`}</title>
            </rect>
            <text x={LEFT + bar.x + bar.width / 2} y={HEIGHT - 6} textAnchor="middle" className="chart-axis">
              {labels[index].slice(0, 1)}
            </text>
          </g>
        ))}
      </svg>
      <details>
        <summary>{t("dashboard.chart.asTable")}</summary>
        <table className="data-table chart-table">
          <thead>
            <tr>
              <th scope="col">{t("dashboard.chart.month")}</th>
              <th scope="col">{valueHeader}</th>
            </tr>
          </thead>
          <tbody>
            {labels.map((label, index) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{format(values[index])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

export interface SeatsRow {
  id: string;
  label: string;
  seats: number;
  taken: number;
}

/** Horizontal bars, each under its departure's name: the seats taken against the seats. */
export function SeatsChart({ title, rows }: { title: string; rows: SeatsRow[] }) {
  const id = useId();
  const { t } = useT();
  const f = useFormat();
  const rowHeight = 50;
  const barWidth = WIDTH - 70;
  const height = Math.max(1, rows.length) * rowHeight;
  return (
    <figure className="card chart">
      <figcaption className="chart-title">{title}</figcaption>
      {rows.length === 0 ? (
        <p>{t("dashboard.chart.noDepartures")}</p>
      ) : (
        <>
          <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-labelledby={`${id}-title`} className="chart-svg">
            <title
              id={`${id}-title`}
            >{`${title}: ${rows.map((row) => t("dashboard.chart.seatsOf", { label: row.label, taken: row.taken, seats: row.seats })).join("; ")}`}</title>
            {rows.map((row, index) => {
              const y = index * rowHeight;
              const filled = row.seats > 0 ? (row.taken / row.seats) * barWidth : 0;
              return (
                <g key={row.id}>
                  <text x={0} y={y + 17} className="chart-label">
                    {row.label.length > 46 ? `${row.label.slice(0, 45)}…` : row.label}
                  </text>
                  <rect x={0} y={y + 24} width={barWidth} height={16} className="chart-track" />
                  <rect x={0} y={y + 24} width={filled} height={16} className="chart-bar" />
                  <text x={barWidth + 8} y={y + 38} className="chart-label">
                    {f.number(row.taken)}/{f.number(row.seats)}
                  </text>
                </g>
              );
            })}
          </svg>
          <details>
            <summary>{t("dashboard.chart.asTable")}</summary>
            <table className="data-table chart-table">
              <thead>
                <tr>
                  <th scope="col">{t("dashboard.chart.departure")}</th>
                  <th scope="col">{t("dashboard.chart.seatsTaken")}</th>
                  <th scope="col">{t("dashboard.chart.seats")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <th scope="row">{row.label}</th>
                    <td>{f.number(row.taken)}</td>
                    <td>{f.number(row.seats)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </figure>
  );
}
