/**
 * The public pages' addresses, one source for both sides: the web app links to them and the server hands them out
 * (signed links, poster short links, the network list's public path, the unsubscribe redirect).
 */
export const publicPagePaths = {
  charityReports: (receiverId: string | number, tk: string) =>
    `/public/charity/${receiverId}/reports?tk=${encodeURIComponent(tk)}`,
  storeReports: (storeId: string | number, tk: string) =>
    `/public/store/${storeId}/reports?tk=${encodeURIComponent(tk)}`,
  storePosters: (storeId: string | number, tk: string) =>
    `/public/store/${storeId}/posters?tk=${encodeURIComponent(tk)}`,
  network: (region: string, secret: string) => `/public/network/${region}/${encodeURIComponent(secret)}`,
  unsubscribe: (token: string) => `/public/unsubscribe?t=${encodeURIComponent(token)}`,
} as const;
