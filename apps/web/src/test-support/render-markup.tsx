import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';

/** A component's HTML as Mantine renders it; `router` for components that hold links. */
export const renderMarkup = (ui: ReactNode, { router = false } = {}) =>
  renderToStaticMarkup(<MantineProvider>{router ? <MemoryRouter>{ui}</MemoryRouter> : ui}</MantineProvider>);
