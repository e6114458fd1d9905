import './lib/styles/calculator-page.css';
import './lib/theme-overrides.css';
import { afterFirstPaint } from './lib/after-first-paint';

// calculator.html's entry: the server sends the calculator pre-rendered, so its stylesheets come first and React,
// Mantine and the calculator's code load once it is on screen (calculator-page.tsx).
afterFirstPaint(() => void import('./calculator-page'));
