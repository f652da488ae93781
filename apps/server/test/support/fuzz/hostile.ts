import fc from 'fast-check';

/**
 * Hostile values, the raw material of the fuzz suite: what a broken or malicious client sends
 * where a form field, a query value or a path segment is expected.
 */

/** Text that stresses encodings: right-to-left marks, emoji, combining marks, lone surrogates, NUL and other controls. */
export const nastyText = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u0007\u0008\u001b[31m',
  '\r\n\r\nSet-Cookie: x=1',
  '\t\v\f',
  '\u202eevil\u202c',
  '\u200f\u05e9\u05dc\u05d5\u05dd',
  'مرحبا بالعالم',
  '😀👩‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301\u0301\u0301\u0301\u0301\u0301',
  'Z̴̡̢̛̗̘̙̜̝̞̟̠̀́̂̃̄̅̆̇̉̊̋̌̍̎',
  '\ud800',
  '\udfff',
  'x\ud83dy',
  '\ufeff',
  '\uffff\ufffe',
  '\u2028\u2029',
  'ﷺ',
  '０１２３４５６７８９',
  '١٢٣٤',
  '   ',
  '',
);

/** Injection payloads: SQL, script, template, header, format strings, path traversal. */
export const payloadText = fc.constantFrom(
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(5)',
  '" OR ""="',
  "admin'--",
  '%27%20OR%201=1',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '%s%s%s%n',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '/etc/passwd%00.webp',
  '....//....//etc/passwd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  'file:///etc/passwd',
  'http://169.254.169.254/latest/meta-data/',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  'true',
  '[]',
  '{}',
  '-1',
  '1e309',
  '0x7fffffff',
  '99999999999999999999999999',
);

/** Strings of any shape: the arbitrary ones, the nasty ones, payloads, and very long ones. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 3, arbitrary: nastyText },
  { weight: 3, arbitrary: payloadText },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.tuple(nastyText, payloadText).map(([a, b]) => `${a}${b}${a}`) },
  // Huge strings: past every field limit, some past the JSON body limit.
  {
    weight: 1,
    arbitrary: fc.constantFrom(1_000, 10_000, 70_000).chain((n) => fc.constantFrom('a', '😀', '\u0000', '%').map((c) => c.repeat(n))),
  },
);

/** Numbers a form never sends: negative, huge, fractional, unsafe integers, and the NaN-likes JSON turns into null. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    -2147483649,
    2147483648,
    Number.MAX_SAFE_INTEGER + 2,
    -Number.MAX_SAFE_INTEGER - 2,
    1e21,
    1e308,
    -1e308,
    5e-324,
    0.1,
    0.5,
    1.999999999,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ),
  fc.double(),
  fc.integer(),
);

/** Keys that poison objects built from parsed input. */
export const prototypeKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  '__defineGetter__',
  'hasOwnProperty',
  'toString',
  'valueOf',
);

/** A JSON value nested `depth` deep (objects and arrays alternating). */
export const deeplyNested = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? [value] : { a: value };
  return value;
};

/** Any JSON-ish value of the wrong kind: the type confusion a field should never accept. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], ['a', 'b'], { $gt: '' }, { $ne: null }) },
  { weight: 1, arbitrary: fc.constantFrom(20, 200).map((depth) => deeplyNested(depth)) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.oneof(prototypeKey, fc.string({ maxLength: 8 })), hostileString, { maxKeys: 4 }) },
);

/** A raw request body that is not JSON, or is JSON only in part. */
export const malformedJsonText = fc.constantFrom(
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '[',
  '"unterminated',
  'nul',
  '\ufeff{}',
  '{"a":1}{"b":2}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":1e999999}',
  '{"a":-0}',
  '\u0000',
  '',
  ' ',
  `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  `{"a":"${'x'.repeat(70_000)}"}`,
);
