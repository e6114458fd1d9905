import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether `query` matches, read during the first render: these screens only ever render in a browser. Mantine's
 * default answers from an effect instead, which renders the whole screen a second time as it first shows on a
 * phone (decision 0028).
 */
export function useMediaMatch(query: string): boolean {
  return useMediaQuery(query, undefined, { getInitialValueInEffect: false });
}
