// The import boundaries, checked by `npm run check:boundaries` (the first step of `npm test`).
// Layers, top to bottom: routes (app/routes, app/root.tsx, app/entry.server.tsx) > features
// (app/features/<name>) > server/ and app/components > app/lib and app/content. An arrow never
// points up; scripts/ and tests/ sit beside the app and are never imported by it.
const ROUTES = "^app/(routes/|routes\\.ts$|root\\.tsx$|entry\\.server\\.tsx$)";
const FEATURES = "^app/features/";
const COMPONENTS = "^app/components/";
const LIB = "^app/(lib|content)/";
const SERVER = "^server/";
const BESIDE = "^(scripts|tests)/";
// A feature's tables: schema.ts, and schema-*.ts where a table must live apart (see affiliates).
const TABLES = "^app/features/[^/]+/schema(\\.ts|-[^/]+\\.ts)$";
// A test beside its module (x.test.ts) belongs to the tests: it may reach any layer.
const COLOCATED_TEST = "\\.test\\.tsx?$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      severity: "error",
      comment: "A cycle makes two modules one: neither can be read, tested or moved alone.",
      from: {},
      to: { circular: true },
    },
    {
      name: "lib-imports-no-higher-layer",
      severity: "error",
      comment: "app/lib and app/content are the bottom: they import only each other and packages.",
      from: { path: LIB, pathNot: COLOCATED_TEST },
      to: { path: [ROUTES, FEATURES, COMPONENTS, SERVER] },
    },
    {
      name: "components-import-no-feature-or-route",
      severity: "error",
      comment: "Shared UI knows no feature: what it needs from one comes in as props.",
      from: { path: COMPONENTS, pathNot: COLOCATED_TEST },
      to: { path: [ROUTES, FEATURES, SERVER] },
    },
    {
      name: "features-import-no-route",
      severity: "error",
      from: { path: FEATURES, pathNot: COLOCATED_TEST },
      to: { path: ROUTES },
    },
    {
      name: "server-imports-no-feature",
      severity: "error",
      comment: "The server sits below the features; the app hands it hooks through server/app-hooks.ts.",
      from: { path: SERVER, pathNot: COLOCATED_TEST },
      to: { path: [ROUTES, FEATURES, COMPONENTS] },
    },
    {
      name: "app-imports-no-script-or-test",
      severity: "error",
      from: { path: ["^app/", SERVER], pathNot: COLOCATED_TEST },
      to: { path: BESIDE },
    },
    {
      name: "scripts-import-no-test",
      severity: "error",
      from: { path: "^scripts/" },
      to: { path: "^tests/" },
    },
    {
      name: "features-meet-at-front-doors",
      severity: "error",
      comment: "A feature imports another only through its front door, app/features/<name>/index.server.ts.",
      from: { path: "^app/features/([^/]+)/", pathNot: [COLOCATED_TEST, TABLES] },
      to: { path: FEATURES, pathNot: ["^app/features/$1/", "^app/features/[^/]+/index\\.server\\.ts$"] },
    },
    {
      name: "tables-reference-only-tables",
      severity: "error",
      comment: "A feature's table may point at another feature's table (a foreign key): its schema imports that schema, nothing else.",
      from: { path: "^app/features/([^/]+)/schema(\\.ts|-[^/]+\\.ts)$" },
      to: { path: FEATURES, pathNot: ["^app/features/$1/", TABLES] },
    },
    {
      name: "no-private-dependency-path",
      severity: "error",
      comment: "Libraries are used through their public entry points (Nodemailer's is the package itself).",
      from: {},
      to: { path: "^node_modules/nodemailer/", pathNot: "^node_modules/nodemailer/dist/(esm|cjs)/nodemailer\\.js$" },
    },
    {
      name: "no-unresolvable",
      severity: "error",
      comment: "An import that resolves to nothing (or to a path a package's exports map does not offer).",
      from: {},
      // React Router's generated route types (./+types/*) and its virtual server build exist at build time.
      to: { couldNotResolve: true, pathNot: ["/\\+types/", "^virtual:react-router/"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^app/routes/\\+types/", "^\\.react-router/", "^build"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", ".d.ts"],
      mainFields: ["module", "main", "types", "typings"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
