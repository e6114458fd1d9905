/**
 * Tokens of a Selector (AppSheet expression style, see packages/shared contracts/publishing.ts for the grammar).
 * The tokenizer knows nothing about tables or columns; it only splits the text and says where each piece starts.
 */
export type TokenKind =
  'lparen' | 'rparen' | 'comma' | 'lbrace' | 'rbrace' | 'column' | 'string' | 'number' | 'ident' | 'op' | 'eof';

export interface Token {
  kind: TokenKind;
  /** The column name, the string's content, the number's digits, the identifier or the operator. */
  text: string;
  /** 0-based offset in the Selector. */
  pos: number;
}

export class SelectorError extends Error {
  constructor(
    message: string,
    readonly pos: number,
  ) {
    super(message);
  }
}

export const MAX_STRING_LENGTH = 1000;
export const MAX_COLUMN_NAME_LENGTH = 64;
export const MAX_TOKENS = 2000;

const OPERATORS = ['<>', '<=', '>=', '=', '<', '>'] as const;
const SINGLE: Record<string, TokenKind> = { '(': 'lparen', ')': 'rparen', ',': 'comma', '{': 'lbrace', '}': 'rbrace' };

/** A short, printable quote of the input at `pos` for error messages. */
export function near(text: string, pos: number): string {
  if (pos >= text.length) return 'the end of the Selector';
  // eslint-disable-next-line no-control-regex -- control characters are what the quote replaces
  const piece = text.slice(pos, pos + 20).replace(/[\u0000-\u001f\u007f]/g, ' ');
  return `"${piece}${text.length > pos + 20 ? '...' : ''}"`;
}

export function tokenize(text: string): Token[] {
  // PostgreSQL text cannot hold NUL: say so here rather than fail in the database.
  const nul = text.indexOf('\u0000');
  if (nul >= 0) throw new SelectorError('The Selector contains a NUL character', nul);
  const tokens: Token[] = [];
  let i = 0;
  const push = (kind: TokenKind, value: string, pos: number) => {
    if (tokens.length >= MAX_TOKENS)
      throw new SelectorError(`The Selector is too long (more than ${MAX_TOKENS} parts)`, pos);
    tokens.push({ kind, text: value, pos });
  };
  while (i < text.length) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    if (SINGLE[c]) {
      push(SINGLE[c], c, i);
      i++;
      continue;
    }
    if (c === '[') {
      const end = text.indexOf(']', i + 1);
      const name = end < 0 ? '' : text.slice(i + 1, end);
      if (end < 0 || name.length > MAX_COLUMN_NAME_LENGTH || /[[\n\r]/.test(name)) {
        throw new SelectorError(`A column name opened with "[" is not closed with "]"`, i);
      }
      push('column', name.trim(), i);
      i = end + 1;
      continue;
    }
    if (c === '"' || c === "'") {
      // A quote inside a string is written twice: "say ""hi""".
      let value = '';
      let j = i + 1;
      for (;;) {
        if (j >= text.length) throw new SelectorError('A text value is not closed with its quote', i);
        if (text[j] === c) {
          if (text[j + 1] === c) {
            value += c;
            j += 2;
            continue;
          }
          break;
        }
        value += text[j++];
      }
      if (value.length > MAX_STRING_LENGTH)
        throw new SelectorError(`A text value is longer than ${MAX_STRING_LENGTH} characters`, i);
      push('string', value, i);
      i = j + 1;
      continue;
    }
    const number = /^-?\d+(\.\d+)?/.exec(text.slice(i, i + 40));
    if (number && (c !== '-' || /\d/.test(text[i + 1] ?? ''))) {
      push('number', number[0], i);
      i += number[0].length;
      continue;
    }
    const ident = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i, i + 64));
    if (ident) {
      push('ident', ident[0], i);
      i += ident[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (op) {
      push('op', op, i);
      i += op.length;
      continue;
    }
    throw new SelectorError(`Unexpected character ${near(text, i)}`, i);
  }
  tokens.push({ kind: 'eof', text: '', pos: text.length });
  return tokens;
}
