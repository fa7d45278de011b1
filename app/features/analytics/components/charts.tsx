// Recharts, loaded only on /admin/analytics (a lazy import: it never reaches public pages). Each
// chart is drawn beside a table of the same numbers; the charts are hidden from assistive technology,
// and so without Recharts' keyboard layer (a focusable svg inside aria-hidden: axe's aria-hidden-focus).
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export function DailyChart({ days }: { days: Array<{ day: string; views: number; visitors: number }> }) {
  return (
    <div aria-hidden="true" className="h-64 w-full" data-testid="daily-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart accessibilityLayer={false} data={days} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="day" tickFormatter={(day: string) => day.slice(5)} fontSize={12} minTickGap={16} />
          <YAxis allowDecimals={false} fontSize={12} width={40} />
          <Tooltip />
          <Legend />
          <Line type="monotone" dataKey="views" name="Page views" stroke="#1f3a5c" strokeWidth={2} dot={false} isAnimationActive={false} />
          <Line type="monotone" dataKey="visitors" name="Visitors" stroke="#c2410c" strokeWidth={2} dot={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

export function StepsChart({ steps, testId }: { steps: Array<{ label: string; count: number }>; testId: string }) {
  return (
    <div aria-hidden="true" className="h-48 w-full" data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={steps} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" horizontal={false} />
          <XAxis type="number" allowDecimals={false} fontSize={12} />
          <YAxis type="category" dataKey="label" width={110} fontSize={12} />
          <Tooltip />
          <Bar dataKey="count" name="Visitors" fill="#1f3a5c" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
