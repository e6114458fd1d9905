/** GET {core}/api/reports/poster/{storeId} (decision 0004): the shared contract. */
export type { BrandLogo, Poster, PosterFigures } from '@openrescue/shared';
