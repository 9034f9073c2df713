/**
 * What the host loads on demand when Zero: Diagnose first runs: the checks and the report's pages.
 * esbuild.mjs bundles this into dist/diagnose.js (src/host/diagnose/diagnoseLoader.ts requires it), so
 * no window pays for them at activation. What crosses between the two bundles is plain data.
 */
export { diagnoseChecks, runDiagnose, type DiagnoseInput } from './diagnose';
export type { DiagnoseReport } from './report';
export { reportHtml, runningHtml, type PageOptions, type RevealState } from './reportHtml';
export { reportMarkdown } from './reportMarkdown';
