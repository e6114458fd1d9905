// Writes the app's theme stylesheet (src/lib/theme-css.tsx): run after changing src/lib/theme.ts or Mantine.
import { writeFileSync } from 'node:fs';
import { renderThemeCss, THEME_CSS_FILE } from '../src/lib/theme-css';

writeFileSync(new URL(`../${THEME_CSS_FILE}`, import.meta.url), renderThemeCss());
console.log(`wrote ${THEME_CSS_FILE}`);
