import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { declaredCharset, decodeUtf8, firstDuplicateKey } from '#shared/http/strict-json';

describe('strict JSON bodies', () => {
  it('finds a repeated key at any depth, by its path, after unescaping', () => {
    expect(firstDuplicateKey('{"a": 1, "a": 2}')).toBe('a');
    expect(firstDuplicateKey('{"a": 1, "\\u0061": 2}')).toBe('a');
    expect(firstDuplicateKey('{"x": {"b": [1, {"c": 1, "d": {}, "c": 2}]}}')).toBe('x.b.1.c');
    expect(firstDuplicateKey('[{"a": 1}, {"a": 1}]')).toBeUndefined();
    expect(firstDuplicateKey('{"a": {"a": {"a": 1}}}')).toBeUndefined();
    expect(firstDuplicateKey('{"a\\"b": 1, "a\\"b": 1}')).toBe('a"b');
  });

  it('says nothing of text that is not JSON (the parser does), and survives deep nesting', () => {
    for (const text of ['', '{', '{"a" 1}', '{"a": 1,}', '[1 2]', '"open']) expect(firstDuplicateKey(text)).toBeUndefined();
    const deep = '['.repeat(40_000) + ']'.repeat(40_000);
    expect(firstDuplicateKey(deep)).toBeUndefined();
    expect(firstDuplicateKey(`${'{"k":'.repeat(20_000)}{"z":1,"z":2}${'}'.repeat(20_000)}`)).toMatch(/\.z$/);
  });

  it('agrees with JSON.parse on any JSON without repeats, and finds one planted anywhere', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string(), (value, key) => {
        const text = JSON.stringify(value, null, 1);
        expect(firstDuplicateKey(text)).toBeUndefined();
        const planted = JSON.stringify({ outer: value, [key]: 1 }).replace(/}$/, () => `,${JSON.stringify(key)}:2}`);
        expect(firstDuplicateKey(planted)).toBe(key);
      }),
    );
  });

  it('decodes UTF-8 strictly and reads the declared charset', () => {
    expect(decodeUtf8(Buffer.from('{"a":"é"}'))).toBe('{"a":"é"}');
    expect(decodeUtf8(Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d]))).toBeUndefined();
    expect(decodeUtf8(Buffer.from([0xed, 0xa0, 0x80]))).toBeUndefined(); // a lone surrogate, encoded
    expect(declaredCharset('application/json')).toBeUndefined();
    expect(declaredCharset('application/json; charset=UTF-8')).toBe('utf-8');
    expect(declaredCharset('application/json;charset="utf-16"')).toBe('utf-16');
  });
});
