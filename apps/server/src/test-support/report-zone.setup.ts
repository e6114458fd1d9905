// Vitest setupFiles of the projects that start a database: from a test file's first line, the network's days are the
// server's, by the database's time zone rules (decision 0085), read once by build-server.setup.ts. Without this a
// table built while the file loads (before its app installs the rules) took Node's own data, an hour off the server's
// each day from 07:00 to 08:00 UTC since Node 20's data and the database's parted (November 2026).
import { setReportZoneRules } from '@openrescue/shared';

const rules = process.env.TEST_REPORT_ZONE_RULES;
if (rules) setReportZoneRules(JSON.parse(rules));
