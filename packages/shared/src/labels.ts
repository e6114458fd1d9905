/** Section 2.2: section names, with the demo-mode label. Normal labels are the product's text, typos included. */
export const SECTION_LABELS = {
  dashboard: { normal: 'Dashboard', demo: 'Admin Dashboard' },
  clientApp: { normal: 'Client App', demo: 'Client Dashboard' },
  receivers: { normal: 'Receivers', demo: 'Vendors' },
  stores: { normal: 'Stores', demo: 'Service Locations' },
  bulkScans: { normal: 'BulkScans', demo: 'Service Issues' },
  stipendReport: { normal: 'Stipened Report', demo: 'Vendor Performance' },
  mailableContacts: { normal: 'Mailable Contacts', demo: 'Donations' },
  callTranscripts: { normal: 'Call Transcripts', demo: 'Communication Log' },
  platformTitle: { normal: 'Ops Platform', demo: 'Diversion Platform' },
  communityPortal: { normal: 'Community Portal', demo: 'Service Map' },
} as const;

export type SectionKey = keyof typeof SECTION_LABELS;

export function sectionLabel(key: SectionKey, demo: boolean): string {
  return demo ? SECTION_LABELS[key].demo : SECTION_LABELS[key].normal;
}
