/** /ops/network: the network map for staff (spec 2.11, request limit 999). */
export function OpsNetworkRoute() {
  return <h1>Network map</h1>;
}
