/** /public/network/:region/:secret: the public network map of a region (spec 2.9, 2.11). */
export function PublicNetworkRoute() {
  return <h1>Network</h1>;
}
