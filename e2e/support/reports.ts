// The monthly report and poster journeys' helpers (reports-and-posters*.spec.ts).
import type { Page } from '@playwright/test';

export const monthCombo = (page: Page) => page.getByRole('combobox', { name: 'Month' });
