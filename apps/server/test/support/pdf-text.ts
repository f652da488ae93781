import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, read the way a viewer does for copy and paste: each page's content
 * stream (Flate-compressed) is walked for its text operators (Tf, TJ, Tj), and the glyph codes
 * are turned back into characters through each font's ToUnicode map. Enough for what pdfkit
 * writes (one object per `N 0 obj`, no object streams, fonts as Type0 Identity-H with a
 * bfrange ToUnicode); each text operator becomes one line.
 */

function objects(pdf: string): Map<number, { dict: string; stream?: Buffer }> {
  const found = new Map<number, { dict: string; stream?: Buffer }>();
  const raw = Buffer.from(pdf, 'latin1');
  const pattern = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let match = pattern.exec(pdf); match; match = pattern.exec(pdf)) {
    const body = match[2] ?? '';
    const streamAt = body.indexOf('stream');
    if (streamAt === -1) {
      found.set(Number(match[1]), { dict: body });
      continue;
    }
    const dict = body.slice(0, streamAt);
    const start =
      match.index + match[0].indexOf('stream') + 'stream'.length + (pdf[match.index + match[0].indexOf('stream') + 6] === '\r' ? 2 : 1);
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0);
    const bytes = raw.subarray(start, start + length);
    found.set(Number(match[1]), { dict, stream: /\/FlateDecode/.test(dict) ? inflateSync(bytes) : bytes });
  }
  return found;
}

/** Glyph code → text, from a ToUnicode CMap's bfrange entries (arrays and starts) and bfchar entries. */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const text = (hex: string) =>
    hex
      .trim()
      .split(/\s+/)
      .map((part) => String.fromCharCode(...(part.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16))))
      .join('');
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const entry of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F ]+>)/g)) {
      const start = parseInt(entry[1]!, 16);
      const end = parseInt(entry[2]!, 16);
      const target = entry[3]!;
      if (target.startsWith('[')) {
        [...target.matchAll(/<([0-9a-fA-F ]+)>/g)].forEach((value, i) => map.set(start + i, text(value[1]!)));
      } else {
        const first = parseInt(target.slice(1, -1), 16);
        for (let code = start; code <= end; code += 1) map.set(code, String.fromCharCode(first + code - start));
      }
    }
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const entry of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F ]+)>/g))
      map.set(parseInt(entry[1]!, 16), text(entry[2]!));
  }
  return map;
}

export function pdfText(body: Buffer): string {
  const pdf = body.toString('latin1');
  const all = objects(pdf);
  const ref = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1]);
  const lines: string[] = [];
  for (const [, object] of all) {
    if (!/\/Type \/Page\b/.test(object.dict)) continue;
    // Font resource name → its glyph map.
    const resources = all.get(ref(object.dict, 'Resources'))?.dict ?? object.dict;
    const fontDict = /\/Font\s*<<([\s\S]*?)>>/.exec(resources)?.[1] ?? '';
    const fonts = new Map<string, Map<number, string>>();
    for (const entry of fontDict.matchAll(/\/(\w+) (\d+) 0 R/g)) {
      const font = all.get(Number(entry[2]));
      const cmap = font ? all.get(ref(font.dict, 'ToUnicode'))?.stream?.toString('latin1') : undefined;
      fonts.set(entry[1]!, cmap ? toUnicode(cmap) : new Map());
    }
    const contents = all.get(ref(object.dict, 'Contents'))?.stream?.toString('latin1') ?? '';
    let current = new Map<number, string>();
    for (const op of contents.matchAll(/\/(\w+) [\d.]+ Tf|(\[[^\]]*\]) TJ|<([0-9a-fA-F]*)> Tj/g)) {
      if (op[1]) {
        current = fonts.get(op[1]) ?? new Map();
        continue;
      }
      const hexes = op[2] ? [...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]!) : [op[3]!];
      lines.push(
        hexes.map((hex) => (hex.match(/.{4}/g) ?? []).map((code) => current.get(parseInt(code, 16)) ?? '\uFFFD').join('')).join(''),
      );
    }
  }
  return lines.join('\n');
}
