/** Store and receiver names in every script the network's partners write their names in (issue 34, decision 0048). */
export const SCRIPT_NAMES: Record<string, string> = {
  'Latin Extended': 'Épicerie Łódź Šťastný Ærø',
  Cyrillic: 'Гастроном Берёзка',
  Greek: 'Αγορά Ελληνικών Τροφίμων',
  'Chinese (simplified)': '华联超市',
  'Chinese (traditional)': '大統華超級市場',
  Japanese: 'すし東京マート',
  Korean: '서울 식품점',
  Gurmukhi: 'ਪੰਜਾਬ ਸਵੀਟਸ',
  Devanagari: 'नमस्ते बाज़ार',
  Arabic: 'سوق الخير',
  Vietnamese: 'Chợ Phở Hà Nội',
};

/**
 * Names with a vowel sign drawn before its consonant (ਿ, ि): the page shows them right, but a PDF without ActualText
 * (react-pdf writes none) gives text extractors the glyphs in drawing order, so only the characters round-trip.
 */
export const PRE_BASE_NAMES = ['ਸਿੰਘ ਸਵੀਟਸ', 'दिल्ली बाज़ार'];

/** The characters of a text, sorted: what a name with a pre-base vowel sign keeps when extracted. */
export const sortedChars = (text: string) => [...text.replace(/\s/g, '')].sort().join('');
