import { describeBadInput } from '../test-support/security/bad-input-suite.js';

// Suite 4 of issue 9, bad input (test-support/security/bad-input-suite.ts): the first of two files run side by side.
describeBadInput(0, 2);
