// Original artwork for the seed posts' featured images and the blog placeholder (1200×630, the
// Open Graph shape): a blueprint backdrop and one shop-floor motif per post, no text (the title is
// on the page). Rendered by build-blog-images.ts.
const ORANGE = "#f08a24";
const WHITE = "#ffffff";
const STEEL = "#9fb3c8";

function frame(motif: string, tint = "#3d6fa8") {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1e3a5f"/>
      <stop offset="1" stop-color="#0f2137"/>
    </linearGradient>
    <radialGradient id="glow">
      <stop offset="0" stop-color="${tint}" stop-opacity="0.55"/>
      <stop offset="1" stop-color="${tint}" stop-opacity="0"/>
    </radialGradient>
    <pattern id="grid" width="30" height="30" patternUnits="userSpaceOnUse">
      <path d="M30 0H0V30" fill="none" stroke="${WHITE}" stroke-opacity="0.06" stroke-width="1"/>
    </pattern>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <rect width="1200" height="630" fill="url(#grid)"/>
  <circle cx="600" cy="315" r="420" fill="url(#glow)"/>
  ${motif}
</svg>`;
}

function factory(x: number, y: number, scale: number, colour: string) {
  const s = (n: number) => n * scale;
  return `<g transform="translate(${x} ${y})">
    <path d="M0 ${s(200)} V${s(90)} L${s(70)} ${s(130)} V${s(90)} L${s(140)} ${s(130)} V${s(90)} L${s(210)} ${s(130)} V${s(20)} H${s(250)} V${s(200)} Z" fill="${colour}"/>
    ${[0, 1, 2].map((i) => `<rect x="${s(20 + i * 70)}" y="${s(150)}" width="${s(34)}" height="${s(24)}" fill="#0f2137" fill-opacity="0.55"/>`).join("")}
  </g>`;
}

/** Two shops facing each other across an ocean of shipping lanes. */
export function manufacturingVsChinaSvg() {
  const waves = Array.from({ length: 5 }, (_, i) => {
    const y = 430 + i * 28;
    return `<path d="M330 ${y} q45 -18 90 0 t90 0 t90 0 t90 0 t90 0" fill="none" stroke="${STEEL}" stroke-opacity="${0.5 - i * 0.08}" stroke-width="4"/>`;
  }).join("");
  return frame(`
    ${factory(80, 230, 1.1, WHITE)}
    ${factory(850, 230, 1.1, STEEL)}
    ${waves}
    <path d="M380 300 C 520 180, 680 180, 820 300" fill="none" stroke="${ORANGE}" stroke-width="6" stroke-dasharray="18 14"/>
    <path d="M820 300 l-30 -6 l14 -26 z" fill="${ORANGE}"/>
    <path d="M380 330 C 520 450, 680 450, 820 330" fill="none" stroke="${WHITE}" stroke-opacity="0.5" stroke-width="4" stroke-dasharray="10 12"/>`);
}

/** Stacked shipping containers held at a striped customs gate. */
export function tariffsSvg() {
  const colours = [ORANGE, STEEL, WHITE, "#3b82c4", STEEL, ORANGE];
  const containers = colours
    .map((colour, i) => {
      const x = 160 + (i % 3) * 230;
      const y = 380 - Math.floor(i / 3) * 120;
      const ribs = Array.from({ length: 9 }, (_, r) => `<rect x="${x + 14 + r * 22}" y="${y + 14}" width="6" height="82" fill="#0f2137" fill-opacity="0.25"/>`).join("");
      return `<rect x="${x}" y="${y}" width="215" height="110" rx="6" fill="${colour}"/>${ribs}`;
    })
    .join("");
  const stripes = Array.from({ length: 8 }, (_, i) => `<rect x="${880 + i * 40}" y="250" width="20" height="28" fill="${i % 2 ? WHITE : ORANGE}"/>`).join("");
  return frame(`
    ${containers}
    <rect x="860" y="240" width="20" height="250" fill="${STEEL}"/>
    ${stripes}
    <rect x="150" y="490" width="1000" height="8" fill="${STEEL}" fill-opacity="0.6"/>
    <circle cx="1050" cy="150" r="54" fill="none" stroke="${ORANGE}" stroke-width="8"/>
    <path d="M1022 178 L1078 122" stroke="${ORANGE}" stroke-width="8"/>
    <circle cx="1030" cy="132" r="10" fill="${ORANGE}"/><circle cx="1070" cy="168" r="10" fill="${ORANGE}"/>`, "#f08a24");
}

/** A 5-axis spindle cutting a toolpath, with a network of nodes watching it. */
export function aiRenaissanceSvg() {
  const nodes = [
    [760, 140], [880, 110], [1000, 160], [820, 240], [960, 260], [1080, 230], [900, 350], [1040, 360],
  ] as const;
  const edges = [[0, 1], [1, 2], [0, 3], [1, 3], [1, 4], [2, 4], [2, 5], [3, 6], [4, 6], [4, 7], [5, 7], [6, 7]] as const;
  const lines = edges.map(([a, b]) => `<line x1="${nodes[a][0]}" y1="${nodes[a][1]}" x2="${nodes[b][0]}" y2="${nodes[b][1]}" stroke="${STEEL}" stroke-opacity="0.6" stroke-width="3"/>`).join("");
  const dots = nodes.map(([x, y], i) => `<circle cx="${x}" cy="${y}" r="${i % 3 === 0 ? 14 : 10}" fill="${i % 3 === 0 ? ORANGE : WHITE}"/>`).join("");
  return frame(`
    <rect x="250" y="60" width="120" height="180" rx="10" fill="${STEEL}"/>
    <rect x="280" y="240" width="60" height="70" fill="${WHITE}"/>
    <path d="M295 310 h30 l-8 60 h-14 z" fill="${ORANGE}"/>
    <path d="M120 520 C 220 420, 320 380, 310 372 C 420 380, 520 470, 640 520" fill="none" stroke="${ORANGE}" stroke-width="5" stroke-dasharray="14 10"/>
    <rect x="100" y="520" width="600" height="40" rx="6" fill="${WHITE}" fill-opacity="0.85"/>
    ${lines}${dots}
    <path d="M700 300 L760 300" stroke="${ORANGE}" stroke-width="4" stroke-dasharray="6 8"/>`, "#5b8fd0");
}

/** A machined gear over stripes: why the country needs to make things. */
export function whyManufacturingMattersSvg() {
  const teeth = Array.from({ length: 12 }, (_, i) => {
    const angle = (i * 30 * Math.PI) / 180;
    const x = 600 + Math.cos(angle) * 190;
    const y = 315 + Math.sin(angle) * 190;
    return `<rect x="${x - 26}" y="${y - 26}" width="52" height="52" rx="6" fill="${WHITE}" transform="rotate(${i * 30 + 45} ${x} ${y})"/>`;
  }).join("");
  const stripes = Array.from({ length: 7 }, (_, i) => `<rect x="0" y="${i * 90}" width="1200" height="45" fill="${WHITE}" fill-opacity="0.04"/>`).join("");
  return frame(`
    ${stripes}
    ${teeth}
    <circle cx="600" cy="315" r="190" fill="${WHITE}"/>
    <circle cx="600" cy="315" r="120" fill="#1e3a5f"/>
    <circle cx="600" cy="315" r="70" fill="none" stroke="${ORANGE}" stroke-width="14"/>
    <path d="M600 268 l13 28 l30 3 l-23 20 l7 30 l-27 -16 l-27 16 l7 -30 l-23 -20 l30 -3 z" fill="${ORANGE}"/>`);
}

/** A CNC machine and the shop's floor plan of cells, coming home. */
export function reshoringPlaybookSvg() {
  const cells = Array.from({ length: 6 }, (_, i) => {
    const x = 700 + (i % 3) * 140;
    const y = 150 + Math.floor(i / 3) * 160;
    return `<rect x="${x}" y="${y}" width="110" height="120" rx="8" fill="none" stroke="${i === 1 ? ORANGE : STEEL}" stroke-width="5"/>
      <rect x="${x + 25}" y="${y + 30}" width="60" height="45" fill="${i === 1 ? ORANGE : WHITE}" fill-opacity="${i === 1 ? 0.9 : 0.35}"/>`;
  }).join("");
  return frame(`
    <rect x="110" y="140" width="440" height="340" rx="18" fill="${WHITE}"/>
    <rect x="140" y="170" width="260" height="240" rx="8" fill="#0f2137"/>
    <rect x="150" y="180" width="240" height="220" rx="6" fill="#2b4c75"/>
    <rect x="250" y="190" width="40" height="90" fill="${STEEL}"/>
    <path d="M262 280 h16 l-4 40 h-8 z" fill="${ORANGE}"/>
    <rect x="190" y="340" width="160" height="40" fill="${STEEL}"/>
    <rect x="420" y="180" width="100" height="150" rx="6" fill="#0f2137"/>
    ${Array.from({ length: 6 }, (_, i) => `<circle cx="${445 + (i % 2) * 50}" cy="${290 + Math.floor(i / 2) * -30}" r="9" fill="${i === 0 ? ORANGE : STEEL}"/>`).join("")}
    <rect x="130" y="480" width="400" height="30" fill="${STEEL}"/>
    ${cells}
    <path d="M560 320 H660" stroke="${ORANGE}" stroke-width="6"/><path d="M660 320 l-22 -14 v28 z" fill="${ORANGE}"/>`);
}

/** For a post without a featured image. */
export function blogPlaceholderSvg() {
  const toolpath = Array.from({ length: 6 }, (_, i) => {
    const inset = i * 30;
    return `<rect x="${390 + inset}" y="${105 + inset}" width="${420 - inset * 2}" height="${420 - inset * 2}" rx="${Math.max(8, 48 - i * 7)}" fill="none" stroke="${i % 2 === 0 ? ORANGE : WHITE}" stroke-opacity="${i % 2 === 0 ? 0.9 : 0.35}" stroke-width="5"/>`;
  }).join("");
  return frame(`${toolpath}<circle cx="600" cy="315" r="12" fill="${ORANGE}"/><path d="M600 285 V345 M570 315 H630" stroke="${WHITE}" stroke-width="4"/>`);
}
