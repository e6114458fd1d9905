import { describe, expect, it } from 'vitest';
import { documentsPaths } from './documents.js';
import { flowPath } from './flows.js';
import { networkPaths, publicNetworkPath } from './network-paths.js';
import { pathTo } from './paths.js';
import { appsheetActionPath, livePath, publishingPaths } from './publishing.js';
import { publicLinksPaths } from './retail.js';
import { transcriptsPaths } from './transcripts.js';

describe('pathTo', () => {
  it('fills each :name with its value, as one encoded segment', () => {
    expect(pathTo(publicLinksPaths.rotate, { kind: 'store', id: 4 })).toBe('/ops-api/public-links/store/4/rotate');
    expect(pathTo(transcriptsPaths.call, { id: 'a/b c' })).toBe('/core-api/api/product/calls/transcripts/a%2Fb%20c');
  });

  it('ends a name at a dot, so a file suffix stays', () => {
    expect(pathTo(documentsPaths.posterPdf, { id: 12 })).toBe('/core-api/api/reports/poster/12.pdf');
    expect(pathTo(documentsPaths.monthlyReportXlsx('receiver'), { id: 7 })).toBe(
      '/core-api/api/reports/monthly/receiver/7.xlsx',
    );
  });

  it('refuses a missing value rather than asking for a wrong URL', () => {
    expect(() => pathTo(publishingPaths.generatedFile, {} as { id: number })).toThrow(':id');
  });
});

describe('the helpers the web app asks with', () => {
  it('build the URLs the routes were always at', () => {
    expect(appsheetActionPath('GeneratedFile')).toBe('/ops-api/appsheet/table/GeneratedFile/action');
    expect(livePath('tasks')).toBe('/ops-api/live/tasks');
    expect(flowPath('triggerBulkScanToDonationFlow')).toBe('/ops-api/flow/triggerBulkScanToDonationFlow');
    expect(flowPath('loadBulkScanToQa')).toBe('/ops-api/trigger/sproc/loadBulkScanToQa');
    expect(publicNetworkPath(networkPaths.organizations)).toBe('/core-api/api/public/retail/network/');
    expect(publicNetworkPath(networkPaths.impact)).toBe('/core-api/api/public/network/impact');
  });
});
