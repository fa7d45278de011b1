// Original SVG artwork for the marketplace page and the site's default Open Graph image, drawn in
// the brand colours. build-marketplace-images.ts renders these to AVIF/WebP/PNG with sharp.

const NAVY = "#1e3a5f";
const NAVY_DARK = "#0f2137";
const NAVY_MID = "#2b4c75";
const ORANGE = "#f08a24";
const INK = "#0f1b2d";
const SLATE = "#64748b";
const LINE = "#d5dde8";
const PAPER = "#f4f7fb";
const GREEN = "#2f9e5b";
const AMBER = "#e0a100";
const RED = "#d64545";
const BLUE = "#3b82c4";

const SANS = "Liberation Sans, DejaVu Sans, Arial, Helvetica, sans-serif";
const MONO = "DejaVu Sans Mono, Liberation Mono, monospace";

function escapeXml(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/'/g, "&apos;");
}

function text(
  x: number,
  y: number,
  content: string,
  { size = 16, weight = 400, fill = INK, anchor = "start", family = SANS, spacing = 0, opacity = 1 } = {},
) {
  return `<text x="${x}" y="${y}" font-family="${family}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}" letter-spacing="${spacing}" opacity="${opacity}">${escapeXml(content)}</text>`;
}

/** Navy workshop backdrop with a faint blueprint grid, shared by the two screenshots. */
function backdrop(width: number, height: number) {
  return `
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${NAVY}"/>
      <stop offset="1" stop-color="${NAVY_DARK}"/>
    </linearGradient>
    <pattern id="grid" width="40" height="40" patternUnits="userSpaceOnUse">
      <path d="M40 0H0V40" fill="none" stroke="#ffffff" stroke-opacity="0.07" stroke-width="1"/>
    </pattern>
    <radialGradient id="glow">
      <stop offset="0" stop-color="#3d6fa8" stop-opacity="0.55"/>
      <stop offset="1" stop-color="#3d6fa8" stop-opacity="0"/>
    </radialGradient>
    <filter id="shadow" x="-10%" y="-10%" width="120%" height="130%">
      <feDropShadow dx="0" dy="16" stdDeviation="18" flood-color="#000000" flood-opacity="0.4"/>
    </filter>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <rect width="${width}" height="${height}" fill="url(#grid)"/>
  <circle cx="${width - 160}" cy="140" r="360" fill="url(#glow)"/>
  <circle cx="140" cy="${height - 80}" r="300" fill="url(#glow)" opacity="0.6"/>`;
}

function inputField(x: number, y: number, width: number, label: string, value: string, unit = "") {
  return `
    ${text(x, y, label, { size: 15, fill: SLATE })}
    <rect x="${x}" y="${y + 10}" width="${width}" height="42" rx="8" fill="#ffffff" stroke="${LINE}" stroke-width="2"/>
    ${text(x + 14, y + 38, value, { size: 19, weight: 700, fill: INK })}
    ${unit ? text(x + width - 14, y + 38, unit, { size: 15, fill: SLATE, anchor: "end" }) : ""}`;
}

/** A machinist calculator on a tablet (speeds and feeds) and a phone (bolt circle). */
export function machinistCalculatorSvg() {
  const tablet = { x: 80, y: 100, width: 820, height: 600 };
  const screen = { x: tablet.x + 22, y: tablet.y + 22, width: tablet.width - 44, height: tablet.height - 44 };
  const tabs = ["Speeds & Feeds", "Threads", "Bolt Circle", "Surface Finish"];
  const tabX = [screen.x + 28, screen.x + 220, screen.x + 340, screen.x + 482];
  const left = screen.x + 28;
  const fields = [
    ["Material", "Aluminum 6061-T6", "▾"],
    ["Tool diameter", "0.500", "in"],
    ["Flutes", "3", ""],
    ["Surface speed", "900", "SFM"],
    ["Chip load", "0.0040", "in/tooth"],
  ] as const;
  const results = { x: screen.x + 410, y: screen.y + 140, width: 338, height: 380 };
  const phone = { x: 950, y: 170, width: 260, height: 520 };
  const phoneScreen = { x: phone.x + 12, y: phone.y + 12, width: phone.width - 24, height: phone.height - 24 };
  const circle = { cx: phoneScreen.x + phoneScreen.width / 2, cy: phoneScreen.y + 180, r: 78 };
  const holes = Array.from({ length: 6 }, (_, index) => {
    const angle = (index * Math.PI) / 3;
    return { x: circle.cx + circle.r * Math.cos(angle), y: circle.cy - circle.r * Math.sin(angle) };
  });
  const coordinates = [
    ["1", "1.5000", "0.0000"],
    ["2", "0.7500", "1.2990"],
    ["3", "-0.7500", "1.2990"],
    ["4", "-1.5000", "0.0000"],
  ];
  // End mill cutting a block: helical flutes drawn as slanted bands.
  const mill = { x: results.x + 262, y: results.y + 236 };
  const flutes = Array.from({ length: 4 }, (_, index) => {
    const y = mill.y + 40 + index * 18;
    return `<path d="M${mill.x} ${y + 10} L${mill.x + 36} ${y} L${mill.x + 36} ${y + 8} L${mill.x} ${y + 18} Z" fill="#8a99ad"/>`;
  }).join("");

  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800" viewBox="0 0 1280 800">
  ${backdrop(1280, 800)}
  <defs>
    <clipPath id="tablet-screen"><rect x="${screen.x}" y="${screen.y}" width="${screen.width}" height="${screen.height}" rx="18"/></clipPath>
    <clipPath id="phone-screen"><rect x="${phoneScreen.x}" y="${phoneScreen.y}" width="${phoneScreen.width}" height="${phoneScreen.height}" rx="26"/></clipPath>
  </defs>

  <g filter="url(#shadow)">
    <rect x="${tablet.x}" y="${tablet.y}" width="${tablet.width}" height="${tablet.height}" rx="38" fill="#0a1422"/>
  </g>
  <g clip-path="url(#tablet-screen)">
    <rect x="${screen.x}" y="${screen.y}" width="${screen.width}" height="${screen.height}" fill="${PAPER}"/>
    <rect x="${screen.x}" y="${screen.y}" width="${screen.width}" height="66" fill="${NAVY}"/>
    <rect x="${left}" y="${screen.y + 17}" width="26" height="32" rx="5" fill="none" stroke="#ffffff" stroke-width="3"/>
    <rect x="${left + 6}" y="${screen.y + 23}" width="14" height="7" rx="1.5" fill="${ORANGE}"/>
    ${text(left + 40, screen.y + 42, "Machinist's Calculator", { size: 23, weight: 700, fill: "#ffffff" })}
    ${text(screen.x + screen.width - 28, screen.y + 42, "inch  |  mm", { size: 16, fill: "#c9d6e6", anchor: "end" })}
    <rect x="${screen.x}" y="${screen.y + 66}" width="${screen.width}" height="54" fill="#ffffff"/>
    <line x1="${screen.x}" y1="${screen.y + 120}" x2="${screen.x + screen.width}" y2="${screen.y + 120}" stroke="${LINE}" stroke-width="2"/>
    ${tabs
      .map((tab, index) =>
        text(tabX[index], screen.y + 100, tab, {
          size: 17,
          weight: index === 0 ? 700 : 400,
          fill: index === 0 ? NAVY : SLATE,
        }),
      )
      .join("")}
    <rect x="${tabX[0]}" y="${screen.y + 114}" width="128" height="6" rx="3" fill="${ORANGE}"/>

    ${fields.map(([label, value, unit], index) => inputField(left, screen.y + 160 + index * 76, 350, label, value, unit)).join("")}

    <rect x="${results.x}" y="${results.y}" width="${results.width}" height="${results.height}" rx="14" fill="#ffffff" stroke="${LINE}" stroke-width="2"/>
    ${text(results.x + 24, results.y + 40, "SPINDLE SPEED", { size: 14, weight: 700, fill: SLATE, spacing: 1.5 })}
    ${text(results.x + 24, results.y + 94, "6,875", { size: 54, weight: 700, fill: NAVY })}
    ${text(results.x + 190, results.y + 94, "RPM", { size: 20, weight: 700, fill: SLATE })}
    ${text(results.x + 24, results.y + 138, "FEED RATE", { size: 14, weight: 700, fill: SLATE, spacing: 1.5 })}
    ${text(results.x + 24, results.y + 192, "82.5", { size: 54, weight: 700, fill: "#c96a10" })}
    ${text(results.x + 148, results.y + 192, "IPM", { size: 20, weight: 700, fill: SLATE })}
    <line x1="${results.x + 24}" y1="${results.y + 218}" x2="${results.x + results.width - 24}" y2="${results.y + 218}" stroke="${LINE}" stroke-width="2"/>
    ${text(results.x + 24, results.y + 250, "Radial engagement 30%", { size: 15, fill: SLATE })}
    ${text(results.x + 24, results.y + 274, "Chip thinning applied", { size: 15, fill: SLATE })}
    <rect x="${results.x + 24}" y="${results.y + 292}" width="112" height="30" rx="15" fill="#e6f4ec"/>
    ${text(results.x + 80, results.y + 312, "Within limits", { size: 13, weight: 700, fill: "#1f6b3f", anchor: "middle" })}
    <rect x="${mill.x - 8}" y="${mill.y - 36}" width="52" height="66" rx="4" fill="#b9c4d2"/>
    <rect x="${mill.x}" y="${mill.y + 30}" width="36" height="86" rx="3" fill="#a8b5c6"/>
    ${flutes}
    <rect x="${mill.x - 62}" y="${mill.y + 100}" width="114" height="30" fill="#d9dee5" stroke="#b9c4d2" stroke-width="2"/>
    <path d="M${mill.x - 150} ${mill.y + 115} h58 m-12 -8 l12 8 l-12 8" fill="none" stroke="${ORANGE}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>
  </g>

  <g filter="url(#shadow)">
    <rect x="${phone.x}" y="${phone.y}" width="${phone.width}" height="${phone.height}" rx="38" fill="#0a1422"/>
  </g>
  <g clip-path="url(#phone-screen)">
    <rect x="${phoneScreen.x}" y="${phoneScreen.y}" width="${phoneScreen.width}" height="${phoneScreen.height}" fill="${PAPER}"/>
    <rect x="${phoneScreen.x}" y="${phoneScreen.y}" width="${phoneScreen.width}" height="70" fill="${NAVY}"/>
    ${text(phoneScreen.x + 20, phoneScreen.y + 46, "Bolt Circle", { size: 21, weight: 700, fill: "#ffffff" })}
    <circle cx="${circle.cx}" cy="${circle.cy}" r="${circle.r}" fill="none" stroke="${NAVY}" stroke-width="2" stroke-dasharray="7 6"/>
    <path d="M${circle.cx - 100} ${circle.cy} H${circle.cx + 100} M${circle.cx} ${circle.cy - 100} V${circle.cy + 100}" stroke="${SLATE}" stroke-width="1.5" stroke-dasharray="10 4 2 4"/>
    ${holes.map((hole) => `<circle cx="${hole.x.toFixed(1)}" cy="${hole.y.toFixed(1)}" r="13" fill="#ffffff" stroke="${ORANGE}" stroke-width="5"/>`).join("")}
    ${text(phoneScreen.x + 20, phoneScreen.y + 310, "BC Ø 3.000 in · 6 holes", { size: 15, weight: 700, fill: INK })}
    ${coordinates
      .map(([hole, x, y], index) => {
        const rowY = phoneScreen.y + 344 + index * 28;
        return `${text(phoneScreen.x + 20, rowY, hole, { size: 14, weight: 700, fill: ORANGE, family: MONO })}${text(phoneScreen.x + 44, rowY, `X ${x.padStart(7)}  Y ${y}`, { size: 14, fill: INK, family: MONO })}`;
      })
      .join("")}
    <rect x="${phoneScreen.x + 20}" y="${phoneScreen.y + 448}" width="${phoneScreen.width - 40}" height="38" rx="8" fill="${ORANGE}"/>
    ${text(phoneScreen.x + phoneScreen.width / 2, phoneScreen.y + 473, "Copy as G-code", { size: 16, weight: 700, fill: NAVY_DARK, anchor: "middle" })}
  </g>
</svg>`;
}

type MachineState = "Running" | "Idle" | "Alarm" | "Setup";
const STATE_COLOURS: Record<MachineState, string> = { Running: GREEN, Idle: AMBER, Alarm: RED, Setup: BLUE };

/** A CNC monitoring dashboard: OEE, machine status board, OEE by cell and spindle utilization. */
export function cncMonitoringSvg() {
  const win = { x: 56, y: 56, width: 1168, height: 688 };
  const main = { x: 276, right: 1200 };
  const kpis = [
    ["OEE", 78.4, ORANGE],
    ["Availability", 88.1, NAVY],
    ["Performance", 93.6, NAVY],
    ["Quality", 95.1, NAVY],
  ] as const;
  const kpiWidth = (main.right - main.x - 3 * 16) / 4;
  const machines: Array<[string, MachineState, string]> = [
    ["HMC-01", "Running", "92%"],
    ["VMC-02", "Running", "87%"],
    ["5AX-03", "Running", "95%"],
    ["LATHE-04", "Alarm", "0%"],
    ["VMC-05", "Idle", "41%"],
    ["HMC-06", "Running", "89%"],
    ["MILL-07", "Setup", "12%"],
    ["5AX-08", "Running", "91%"],
    ["LATHE-09", "Idle", "38%"],
  ];
  const tile = { width: 152, height: 64, gap: 12 };
  const cells = [
    ["5-axis", 84],
    ["Horizontal", 79],
    ["Vertical", 76],
    ["Turning", 71],
  ] as const;
  const utilization = [52, 58, 61, 66, 71, 74, 78, 81, 79, 83, 85, 82, 64, 70, 76, 80, 84, 86, 83, 79, 72, 68, 63, 59];
  const chart = { x: main.x + 24, bottom: 716, height: 84, step: (main.right - main.x - 48) / utilization.length };
  const donut = { cx: main.x + 536 + 96, cy: 446, r: 58 };
  const circumference = 2 * Math.PI * donut.r;
  const navItems = ["Plant overview", "Machines", "Downtime", "OEE reports", "Alerts"];

  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800" viewBox="0 0 1280 800">
  ${backdrop(1280, 800)}
  <defs>
    <clipPath id="window"><rect x="${win.x}" y="${win.y}" width="${win.width}" height="${win.height}" rx="18"/></clipPath>
  </defs>
  <g filter="url(#shadow)">
    <rect x="${win.x}" y="${win.y}" width="${win.width}" height="${win.height}" rx="18" fill="${PAPER}"/>
  </g>
  <g clip-path="url(#window)">
    <rect x="${win.x}" y="${win.y}" width="${win.width}" height="44" fill="#dfe6ef"/>
    <circle cx="${win.x + 24}" cy="${win.y + 22}" r="7" fill="#e76f5a"/>
    <circle cx="${win.x + 46}" cy="${win.y + 22}" r="7" fill="#e8b64c"/>
    <circle cx="${win.x + 68}" cy="${win.y + 22}" r="7" fill="#5cb270"/>
    <rect x="${win.x + 300}" y="${win.y + 10}" width="560" height="24" rx="12" fill="#ffffff"/>
    ${text(win.x + 580, win.y + 27, "monitor.halvorsencnc.com/plant", { size: 13, fill: SLATE, anchor: "middle" })}

    <rect x="${win.x}" y="${win.y + 44}" width="200" height="${win.height - 44}" fill="${NAVY}"/>
    <path d="M${win.x + 22} ${win.y + 92} h6 l5 -12 l8 22 l6 -16 l4 6 h8" fill="none" stroke="${ORANGE}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>
    ${text(win.x + 70, win.y + 98, "CNC Monitor", { size: 19, weight: 700, fill: "#ffffff" })}
    ${navItems
      .map((item, index) => {
        const y = win.y + 150 + index * 46;
        const active = index === 0;
        return `${active ? `<rect x="${win.x + 12}" y="${y - 26}" width="176" height="40" rx="8" fill="${NAVY_MID}"/><rect x="${win.x + 12}" y="${y - 26}" width="5" height="40" rx="2" fill="${ORANGE}"/>` : ""}
        <rect x="${win.x + 30}" y="${y - 14}" width="16" height="16" rx="4" fill="none" stroke="#ffffff" stroke-opacity="${active ? 1 : 0.6}" stroke-width="2"/>
        ${text(win.x + 58, y, item, { size: 16, weight: active ? 700 : 400, fill: "#ffffff", opacity: active ? 1 : 0.75 })}`;
      })
      .join("")}

    ${text(main.x, 150, "Plant Overview · Shift 2", { size: 26, weight: 700, fill: NAVY })}
    <rect x="${main.right - 92}" y="124" width="92" height="34" rx="17" fill="#e6f4ec"/>
    <circle cx="${main.right - 70}" cy="141" r="6" fill="${GREEN}"/>
    ${text(main.right - 56, 147, "LIVE", { size: 15, weight: 700, fill: "#1f6b3f", spacing: 1 })}

    ${kpis
      .map(([label, value, colour], index) => {
        const x = main.x + index * (kpiWidth + 16);
        return `<rect x="${x}" y="174" width="${kpiWidth}" height="100" rx="12" fill="#ffffff" stroke="${LINE}" stroke-width="2"/>
        ${text(x + 20, 204, label, { size: 15, fill: SLATE })}
        ${text(x + 20, 246, `${value}%`, { size: 34, weight: 700, fill: colour === ORANGE ? "#c96a10" : NAVY })}
        <rect x="${x + 20}" y="256" width="${kpiWidth - 40}" height="6" rx="3" fill="#e3e9f1"/>
        <rect x="${x + 20}" y="256" width="${((kpiWidth - 40) * value) / 100}" height="6" rx="3" fill="${colour}"/>`;
      })
      .join("")}

    <rect x="${main.x}" y="290" width="520" height="272" rx="12" fill="#ffffff" stroke="${LINE}" stroke-width="2"/>
    ${text(main.x + 20, 320, "Machine Status", { size: 18, weight: 700, fill: INK })}
    ${machines
      .map(([name, state, rate], index) => {
        const x = main.x + 20 + (index % 3) * (tile.width + tile.gap);
        const y = 336 + Math.floor(index / 3) * (tile.height + tile.gap);
        const colour = STATE_COLOURS[state];
        return `<rect x="${x}" y="${y}" width="${tile.width}" height="${tile.height}" rx="8" fill="${PAPER}" stroke="${LINE}" stroke-width="1.5"/>
        <rect x="${x}" y="${y}" width="6" height="${tile.height}" rx="3" fill="${colour}"/>
        ${text(x + 18, y + 27, name, { size: 16, weight: 700, fill: INK })}
        <circle cx="${x + 23}" cy="${y + 45}" r="5" fill="${colour}"/>
        ${text(x + 34, y + 50, state, { size: 14, fill: SLATE })}
        ${text(x + tile.width - 12, y + 50, rate, { size: 14, weight: 700, fill: INK, anchor: "end" })}`;
      })
      .join("")}

    <rect x="${main.x + 536}" y="290" width="${main.right - main.x - 536}" height="272" rx="12" fill="#ffffff" stroke="${LINE}" stroke-width="2"/>
    ${text(main.x + 556, 320, "OEE by Cell", { size: 18, weight: 700, fill: INK })}
    <circle cx="${donut.cx}" cy="${donut.cy}" r="${donut.r}" fill="none" stroke="#e3e9f1" stroke-width="18"/>
    <circle cx="${donut.cx}" cy="${donut.cy}" r="${donut.r}" fill="none" stroke="${ORANGE}" stroke-width="18" stroke-linecap="round"
      stroke-dasharray="${(circumference * 0.784).toFixed(1)} ${circumference.toFixed(1)}" transform="rotate(-90 ${donut.cx} ${donut.cy})"/>
    ${text(donut.cx, donut.cy + 6, "78.4%", { size: 22, weight: 700, fill: NAVY, anchor: "middle" })}
    ${text(donut.cx, donut.cy + 26, "OEE", { size: 13, fill: SLATE, anchor: "middle" })}
    ${cells
      .map(([cell, value], index) => {
        const y = 372 + index * 46;
        const barX = donut.cx + donut.r + 44;
        const barWidth = main.right - 20 - barX;
        return `${text(barX, y, cell, { size: 14, fill: SLATE })}
        ${text(main.right - 20, y, `${value}%`, { size: 14, weight: 700, fill: INK, anchor: "end" })}
        <rect x="${barX}" y="${y + 8}" width="${barWidth}" height="10" rx="5" fill="#e3e9f1"/>
        <rect x="${barX}" y="${y + 8}" width="${(barWidth * value) / 100}" height="10" rx="5" fill="${NAVY}"/>`;
      })
      .join("")}

    <rect x="${main.x}" y="578" width="${main.right - main.x}" height="152" rx="12" fill="#ffffff" stroke="${LINE}" stroke-width="2"/>
    ${text(main.x + 20, 606, "Spindle Utilization · Last 24 Hours", { size: 18, weight: 700, fill: INK })}
    ${text(main.right - 20, 606, "Target 75%", { size: 14, weight: 700, fill: "#c96a10", anchor: "end" })}
    ${utilization
      .map((value, index) => {
        const height = (chart.height * value) / 100;
        const x = chart.x + index * chart.step + 4;
        return `<rect x="${x.toFixed(1)}" y="${(chart.bottom - height).toFixed(1)}" width="${(chart.step - 8).toFixed(1)}" height="${height.toFixed(1)}" rx="3" fill="${value >= 75 ? NAVY : "#9fb2c9"}"/>`;
      })
      .join("")}
    <line x1="${chart.x}" y1="${chart.bottom - chart.height * 0.75}" x2="${main.right - 24}" y2="${chart.bottom - chart.height * 0.75}" stroke="${ORANGE}" stroke-width="2.5" stroke-dasharray="8 6"/>
  </g>
</svg>`;
}

function logoFrame(fill: string, body: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
  <rect width="128" height="128" rx="28" fill="${fill}"/>
  ${body}
</svg>`;
}

export function machinistCalculatorLogoSvg() {
  const keys = Array.from({ length: 9 }, (_, index) => {
    const x = 44 + (index % 3) * 14;
    const y = 60 + Math.floor(index / 3) * 14;
    return `<rect x="${x}" y="${y}" width="10" height="10" rx="2.5" fill="${index === 8 ? ORANGE : NAVY}"/>`;
  }).join("");
  return logoFrame(
    NAVY,
    `<rect x="34" y="22" width="60" height="86" rx="10" fill="#ffffff"/>
    <rect x="42" y="30" width="44" height="20" rx="4" fill="${ORANGE}"/>
    <path d="M72 40 h8" stroke="${NAVY}" stroke-width="3" stroke-linecap="round"/>
    ${keys}`,
  );
}

export function cncMonitoringLogoSvg() {
  return logoFrame(
    NAVY,
    `<path d="M26 76 A38 38 0 0 1 102 76" fill="none" stroke="#ffffff" stroke-width="10" stroke-linecap="round"/>
    <path d="M26 76 A38 38 0 0 1 52 40" fill="none" stroke="${ORANGE}" stroke-width="10" stroke-linecap="round"/>
    <path d="M64 76 L86 50" stroke="${ORANGE}" stroke-width="6" stroke-linecap="round"/>
    <circle cx="64" cy="76" r="8" fill="#ffffff"/>
    <path d="M22 100 h26 l6 -10 l8 18 l7 -14 l5 6 h32" fill="none" stroke="#ffffff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>`,
  );
}

export function capacityPlannerLogoSvg() {
  return logoFrame(
    "#ffffff",
    `<rect x="2" y="2" width="124" height="124" rx="26" fill="none" stroke="${LINE}" stroke-width="4"/>
    <rect x="22" y="26" width="84" height="80" rx="10" fill="${NAVY}"/>
    <rect x="22" y="26" width="84" height="20" rx="10" fill="${ORANGE}"/>
    <rect x="22" y="38" width="84" height="8" fill="${ORANGE}"/>
    <rect x="38" y="18" width="6" height="16" rx="3" fill="${NAVY_DARK}"/>
    <rect x="84" y="18" width="6" height="16" rx="3" fill="${NAVY_DARK}"/>
    <rect x="34" y="74" width="12" height="22" rx="2" fill="#ffffff"/>
    <rect x="52" y="60" width="12" height="36" rx="2" fill="#ffffff"/>
    <rect x="70" y="66" width="12" height="30" rx="2" fill="#ffffff"/>
    <rect x="88" y="54" width="10" height="42" rx="2" fill="${ORANGE}"/>`,
  );
}

export function cycleTimeAnalyzerLogoSvg() {
  return logoFrame(
    ORANGE,
    `<rect x="56" y="12" width="16" height="12" rx="3" fill="${NAVY_DARK}"/>
    <path d="M92 34 l8 -8" stroke="${NAVY_DARK}" stroke-width="7" stroke-linecap="round"/>
    <circle cx="64" cy="70" r="42" fill="#ffffff" stroke="${NAVY_DARK}" stroke-width="8"/>
    <path d="M64 70 V42" stroke="${ORANGE}" stroke-width="6" stroke-linecap="round"/>
    ${text(64, 94, "G1", { size: 24, weight: 700, fill: NAVY_DARK, anchor: "middle", family: MONO })}`,
  );
}

/** The site's default social-sharing card (1200×630). */
export function openGraphSvg(businessName: string) {
  const [firstWord, ...rest] = businessName.split(" ");
  const lastWord = rest.pop() ?? "";
  const titleLines = [`${firstWord} ${rest.join(" ")}`.trim(), lastWord];
  // Concentric pocketing toolpath: rounded rectangles stepping inwards, as a CAM preview draws them.
  const toolpath = Array.from({ length: 5 }, (_, index) => {
    const inset = index * 26;
    return `<rect x="${900 + inset}" y="${90 + inset}" width="${240 - inset * 2}" height="${240 - inset * 2}" rx="${Math.max(6, 40 - index * 6)}" fill="none" stroke="${index % 2 === 0 ? ORANGE : "#ffffff"}" stroke-opacity="${index % 2 === 0 ? 0.9 : 0.35}" stroke-width="4"/>`;
  }).join("");
  const chips = ["20+ years aerospace", "5-axis CNC programming", "3-day shop-floor bootcamp"];
  let chipX = 80;
  const chipMarkup = chips
    .map((chip) => {
      const width = chip.length * 12.2 + 40;
      const markup = `<rect x="${chipX}" y="452" width="${width}" height="46" rx="23" fill="#ffffff" fill-opacity="0.08" stroke="${ORANGE}" stroke-width="2"/>
      ${text(chipX + width / 2, 482, chip, { size: 21, weight: 700, fill: "#ffffff", anchor: "middle" })}`;
      chipX += width + 16;
      return markup;
    })
    .join("");

  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="og-bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${NAVY}"/>
      <stop offset="1" stop-color="#112640"/>
    </linearGradient>
    <radialGradient id="og-glow">
      <stop offset="0" stop-color="#3d6fa8" stop-opacity="0.6"/>
      <stop offset="1" stop-color="#3d6fa8" stop-opacity="0"/>
    </radialGradient>
    <pattern id="og-grid" width="30" height="30" patternUnits="userSpaceOnUse">
      <path d="M30 0H0V30" fill="none" stroke="#ffffff" stroke-opacity="0.06" stroke-width="1"/>
    </pattern>
  </defs>
  <rect width="1200" height="630" fill="url(#og-bg)"/>
  <rect width="1200" height="630" fill="url(#og-grid)"/>
  <circle cx="1020" cy="210" r="300" fill="url(#og-glow)"/>
  ${toolpath}
  <circle cx="1020" cy="210" r="10" fill="${ORANGE}"/>
  <path d="M1020 184 V236 M994 210 H1046" stroke="#ffffff" stroke-width="3"/>

  ${text(80, 130, "CNC · AEROSPACE · MANUFACTURING CONSULTING", { size: 22, weight: 700, fill: ORANGE, spacing: 2.5 })}
  ${text(80, 232, titleLines[0], { size: 64, weight: 700, fill: "#ffffff" })}
  ${text(80, 310, titleLines[1], { size: 64, weight: 700, fill: "#ffffff" })}
  ${text(80, 382, "Mark Halvorsen · Senior CNC machinist and manufacturing consultant", { size: 26, fill: "#d3deeb" })}
  ${chipMarkup}
  <rect x="0" y="560" width="1200" height="70" fill="#0b1a2d" fill-opacity="0.7"/>
  ${text(80, 604, "Free 30-minute manufacturing assessment", { size: 24, weight: 700, fill: "#ffffff" })}
  ${text(1140, 604, "Process · Quality · Throughput", { size: 22, fill: ORANGE, anchor: "end" })}
  <rect x="0" y="0" width="14" height="630" fill="${ORANGE}"/>
</svg>`;
}
