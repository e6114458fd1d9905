import { useEffect } from 'react';
import { useAppConfig } from './app-config';

/** Sets the document title to "{page} · {product}" so tabs, history and page-view events name the screen. */
export function usePageTitle(title: string): void {
  const { config } = useAppConfig();
  useEffect(() => {
    document.title = title ? `${title} · ${config.product_name}` : config.product_name;
  }, [title, config.product_name]);
}
