/**
 * The insights module's entry: the viewer screen mounts these three mode panels through
 * a lazy glob import, and the app routes mount the report container.
 */
export { InsightsMode } from './insights-mode.tsx';
export { ImagesMode } from './images-mode.tsx';
export { ReportsMode } from './reports-mode.tsx';
export { ReportScreen } from './report-screen.tsx';
export { ReportContainer } from './report-container.tsx';
