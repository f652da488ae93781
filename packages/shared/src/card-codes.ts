/*
 * A gift-card code as it is compared (docs/identifiers.md "Card codes"): its skeleton, so that two
 * codes that look alike are one code. Its own entry point (`@wise/shared/card-codes`): the
 * confusables table is ~100 KB, and only the server compares codes — no screen downloads it.
 */
import unhomoglyph from 'unhomoglyph';

/**
 * What never tells two codes apart: white space and the separators people type between groups
 * (every dash, `.`, `_`, `/`, `\`, `,`, `:`, the middle dot), and every character that is
 * invisible or only steers layout (format characters, default-ignorables: soft hyphen,
 * zero-width characters, direction marks, word joiner, variation selectors, controls).
 */
const NOT_PART_OF_A_CODE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\p{Dash}\p{Pc}.,/\\:;\u00b7\u2022\u2027\u30fb]/gu;

/** Codes do not depend on case: ASCII letters are folded before the table, which maps `m` to `rn`. */
const asciiUpper = (text: string) => text.replace(/[a-z]/g, (letter) => letter.toUpperCase());

// NFKD each round: a prototype may be a compatibility form (`%` maps to `º⁄₀`), folded the next round.
const step = (text: string): string =>
  unhomoglyph(asciiUpper(text.normalize('NFKD').replace(NOT_PART_OF_A_CODE, '')))
    .toUpperCase()
    .normalize('NFKD');

/**
 * The skeleton of a code: NFKC (full-width and other compatibility forms become plain ones), the
 * characters above removed, ASCII letters upper-cased, every character mapped to its prototype in
 * Unicode's confusables table (UTS #39, through the `unhomoglyph` package: Cyrillic `а` and Greek
 * `ν` by their own shape, to `a` and `v`; `0` to `O`; `1` and `I` to `l`), then upper case — repeated
 * until nothing changes, since an upper-cased prototype may map again — so the skeleton of a
 * skeleton is itself. Not for display: only its keyed hash is stored and compared.
 */
export function cardCodeSkeleton(code: string): string {
  let current = step(code.normalize('NFKC'));
  // The table's prototypes are not mapped again, so this settles in a step or two; the bound only
  // keeps a future table from looping (the property tests check the fixed point).
  for (let round = 0; round < 8; round += 1) {
    const next = step(current);
    if (next === current) break;
    current = next;
  }
  return current;
}
