/** /public/charity/:receiverId/reports?tk= and /public/store/:storeId/reports?tk=: read-only reports (spec 2.9). */
export function PublicReportRoute() {
  return <h1>Report</h1>;
}
