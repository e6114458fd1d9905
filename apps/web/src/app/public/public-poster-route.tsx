/** /public/store/:storeId/posters?tk=: the store poster view (spec 2.9). */
export function PublicPosterRoute() {
  return <h1>Poster</h1>;
}
