/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderThemeCss, THEME_CSS_FILE } from './theme-css';

describe('the theme stylesheet', () => {
  it('is what MantineProvider renders for the app theme (run `npm run theme-css -w apps/web` after a theme change)', () => {
    const kept = readFileSync(new URL(`../../${THEME_CSS_FILE}`, import.meta.url), 'utf8');
    expect(kept).toBe(renderThemeCss());
  });

  it('holds the theme colours and the classes hiddenFrom/visibleFrom use', () => {
    const css = renderThemeCss();
    expect(css).toContain('--mantine-primary-color-filled: var(--mantine-color-rescue-filled)');
    expect(css).toContain('--mantine-color-dimmed: #5c636a');
    expect(css).toContain('.mantine-visible-from-xs');
  });
});
