import {
  IconArrowsShuffle,
  IconBarcode,
  IconBuildingStore,
  IconFiles,
  IconHeartHandshake,
  IconLayoutDashboard,
  IconListDetails,
  IconMail,
  IconMap2,
  IconPhoneCall,
  IconReportMoney,
  IconSend,
  IconHistory,
  type Icon,
} from '@tabler/icons-react';
import type { OpsSectionId } from './ops-sections';

/** Each console section's icon (navigation and landing page only, so the router's first load carries no icons). */
export const OPS_SECTION_ICONS: Record<OpsSectionId, Icon> = {
  dashboard: IconLayoutDashboard,
  receivers: IconHeartHandshake,
  stores: IconBuildingStore,
  noPickups: IconBarcode,
  stipendReport: IconReportMoney,
  publish: IconSend,
  generated: IconFiles,
  mailable: IconMail,
  transcripts: IconPhoneCall,
  network: IconMap2,
  logs: IconListDetails,
  flows: IconArrowsShuffle,
  audit: IconHistory,
};
