import { baseline, type ValueContext } from './baseline.js'
import { EnumValue, OMIT, Raw, type FuzzValue } from './literals.js'
import { namedType, nullable, type TypeRef } from './schema-model.js'
import { anyId, idOf, idTypeFor } from './world.js'

/** One malformed value and the class it stands for (the unit of the findings list). */
export interface Variant {
  cls: string
  value: FuzzValue
}

const HUGE = 'x'.repeat(100_000)
const TWENTY_DIGITS = new Raw('12345678901234567890')
const v = (cls: string, value: FuzzValue): Variant => ({ cls, value })

/** Strings every text argument gets: the NUL and lone surrogates, and what breaks naive SQL, LIKE, HTML and Liquid. */
const STRINGS: Variant[] = [
  v('string:nul', 'fuzz\u0000nul'),
  v('string:lone-surrogate', 'fuzz\ud800'),
  v('string:lone-low-surrogate', '\udc00fuzz'),
  v('string:huge-100k', HUGE),
  v('string:empty', ''),
  v('string:blank', '   '),
  v('string:control-chars', '\u0001\u001f\u007f\u2028'),
  v('string:sql', "'; drop table products; --"),
  v('string:like-wildcards', '%_\\'),
  v('string:unicode', 'Ünïcødé 🛒 עברית \u202e'),
  v('string:html', '<script>alert(1)</script>'),
  v('string:path', '../../etc/passwd'),
  v('string:liquid', '{{ 7 | times: 7 }}{% raw %}'),
  v('string:wrong-type-int', 123),
  v('string:wrong-type-bool', true),
  v('string:wrong-type-object', { fuzz: 'x' }),
]

const INTS: Variant[] = [
  v('int:negative', -1),
  v('int:zero', 0),
  v('int:max32', 2147483647),
  v('int:min32', -2147483648),
  v('int:overflow32', 2147483648),
  v('int:20-digit', TWENTY_DIGITS),
  v('int:negative-20-digit', new Raw('-12345678901234567890')),
  v('int:float', 1.5),
  v('int:exponent', new Raw('1e3')),
  v('int:string', '1'),
  v('int:nan-string', 'NaN'),
  v('int:over-page-limit', 251),
  v('int:million', 1_000_000),
  v('int:wrong-type-bool', true),
]

const FLOATS: Variant[] = [
  v('float:huge', 1e308),
  v('float:overflow-to-infinity', new Raw('1e309')),
  v('float:negative-huge', -1e308),
  v('float:denormal', 5e-324),
  v('float:negative-zero', new Raw('-0.0')),
  v('float:20-digit', TWENTY_DIGITS),
  v('float:nan-string', 'NaN'),
  v('float:infinity-string', 'Infinity'),
]

const DATES: Variant[] = [
  v('date:year-0', '0000-01-01T00:00:00Z'),
  v('date:year-10000', '10000-01-01T00:00:00Z'),
  v('date:month-13', '2026-13-45'),
  v('date:feb-30', '2026-02-30T00:00:00Z'),
  v('date:extended-year', '+275760-09-13T00:00:00.000Z'),
  v('date:negative-year', '-000001-01-01T00:00:00Z'),
  v('date:no-zone', '2026-01-01T00:00:00'),
  v('date:leap-second', '2016-12-31T23:59:60Z'),
  v('date:edge-min', '0001-01-01T00:00:00Z'),
  v('date:edge-max', '9999-12-31T23:59:59.999Z'),
  v('date:far-offset', '0001-01-01T00:00:00+14:00'),
  v('date:words', 'yesterday'),
  v('date:epoch-number', 0),
  v('date:20-digit', TWENTY_DIGITS),
]

const nested = (open: string, leaf: string, close: string, depth: number): string =>
  open.repeat(depth) + leaf + close.repeat(depth)

const JSONS: Variant[] = [
  v('json:deep-array-10000', new Raw(nested('[', '1', ']', 10_000))),
  v('json:deep-object-10000', new Raw(nested('{"a":', '1', '}', 10_000), nested('{a: ', '1', '}', 10_000))),
  v('json:deep-33', new Raw(nested('[', '1', ']', 33))),
  v('json:wide-50000', new Raw(`[${Array(50_000).fill('1').join(',')}]`)),
  v('json:nul', { a: 'fuzz\u0000' }),
  v('json:nul-key', new Raw('{"\\u0000": 1}', '{a: "\\u0000"}')),
  v('json:lone-surrogate', { a: '\ud800' }),
  v('json:huge-string', { a: HUGE }),
  v('json:number-overflow', new Raw('1e400')),
  v('json:20-digit', TWENTY_DIGITS),
  v(
    'json:proto',
    new Raw(
      '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}',
      '{__proto__: {polluted: true}}',
    ),
  ),
  v('json:string', 'fuzz'),
]

const DECIMALS: Variant[] = [
  v('decimal:exponent', '1e400'),
  v('decimal:nan', 'NaN'),
  v('decimal:infinity', 'Infinity'),
  v('decimal:negative', '-10.00'),
  v('decimal:20-digit', '12345678901234567890.99'),
  v('decimal:many-decimals', '0.000000000001'),
  v('decimal:comma', '1,00'),
  v('decimal:empty', ''),
  v('decimal:spaces', ' 1 '),
  v('decimal:arabic-digits', '١٢'),
  v('decimal:huge-string', '9'.repeat(100_000)),
  v('decimal:number', 10.5),
  v('decimal:int-20-digit', TWENTY_DIGITS),
]

const CURRENCIES: Variant[] = [
  v('currency:unknown', 'ZZZ'),
  v('currency:lowercase', 'usd'),
  v('currency:short', 'US'),
  v('currency:empty', ''),
  v('currency:nul', 'US\u0000'),
]

const LOCALES: Variant[] = [
  v('locale:empty', ''),
  v('locale:underscore', 'en_US'),
  v('locale:garbage', '!!'),
  v('locale:long', `en-${'a'.repeat(1000)}`),
  v('locale:private-use', 'x-fuzz'),
  v('locale:grandfathered', 'i-klingon'),
  v('locale:nul', 'en\u0000'),
  v('locale:surrogate', 'en-\ud800'),
]

const BOOLEANS: Variant[] = [v('bool:string', 'true'), v('bool:int', 1), v('bool:null-string', 'null')]
const UPLOADS: Variant[] = [
  v('upload:string', 'photo.png'),
  v('upload:object', { filename: 'photo.png' }),
  v('upload:number', 1),
]

function idVariants(name: string, ctx: ValueContext): Variant[] {
  const type = idTypeFor(ctx.operation, name, ctx.idTypes)
  const own = idOf(ctx.world.a, type)
  const otherKind = [...ctx.world.a.ids.entries()].find(([t, ids]) => t !== type && ids.length)?.[1][0]
  return [
    v('id:other-tenant', idOf(ctx.world.b, type) ?? anyId(ctx.world.b) ?? ctx.rng.uuid()),
    v('id:other-tenant', idOf(ctx.world.b, type) ?? anyId(ctx.world.b) ?? ctx.rng.uuid()),
    v('id:random-uuid', ctx.rng.uuid()),
    v('id:nil-uuid', '00000000-0000-0000-0000-000000000000'),
    v('id:own-other-kind', otherKind ?? ctx.rng.uuid()),
    v('id:not-uuid', 'not-a-uuid'),
    v('id:20-digit-int', TWENTY_DIGITS),
    v('id:uppercase', (own ?? ctx.rng.uuid()).toUpperCase()),
    v('id:nul', `${own ?? ctx.rng.uuid()}\u0000`),
    v('id:lone-surrogate', `${own ?? ''}\ud800`),
    v('id:huge', HUGE),
    v('id:empty', ''),
    v('id:sql', "' or 1=1 --"),
  ]
}

function enumVariants(values: readonly string[]): Variant[] {
  const first = values[0] ?? 'NONE'
  return [
    v('enum:unknown', new EnumValue('FUZZ_NOPE')),
    v('enum:lowercase', new EnumValue(first.toLowerCase())),
    v('enum:quoted', new Raw(JSON.stringify(first))),
    v('enum:int', 1),
  ]
}

const open = (key: string, json: boolean) => (json ? `{"${key}":[` : `{${key}: [`)

/** Filter bombs: `and`/`or`/`not` nested 2,000 deep and 10,000 wide, and just over the documented bounds (5 deep, 100 wide). */
function filterVariants(keys: readonly string[]): Variant[] {
  const out: Variant[] = []
  for (const key of keys) {
    const isList = key !== 'not'
    const o = (json: boolean) => (isList ? open(key, json) : json ? `{"${key}":` : `{${key}: `)
    const c = isList ? ']}' : '}'
    const deep = (depth: number) => new Raw(nested(o(true), '{}', c, depth), nested(o(false), '{}', c, depth))
    out.push(v(`filter:${key}-deep-2000`, deep(2000)), v(`filter:${key}-deep-6`, deep(6)))
    if (isList) {
      const wide = (n: number) =>
        new Raw(`${o(true)}${Array(n).fill('{}').join(',')}${c}`, `${o(false)}${Array(n).fill('{}').join(', ')}${c}`)
      out.push(v(`filter:${key}-wide-10000`, wide(10_000)), v(`filter:${key}-wide-101`, wide(101)))
    }
  }
  return out
}

/** Every malformed value for an argument or input field of type `ref` named `name`. */
export function malformedFor(ref: TypeRef, name: string, ctx: ValueContext): Variant[] {
  const out: Variant[] =
    ref.kind === 'NON_NULL' ? [v('null-for-non-null', null), v('missing', OMIT)] : [v('null', null)]
  const type = nullable(ref)
  if (type.kind === 'LIST') {
    const item = baseline(type.ofType!, name, ctx)
    const named = ctx.types.get(namedType(type))!
    const many = named.kind === 'INPUT_OBJECT' ? 2_000 : 10_001
    out.push(
      v('list:empty', []),
      v('list:null-item', [null]),
      v(`list:${many}-items`, Array(many).fill(item)),
      v('list:nested', [[item]]),
      v('list:duplicates', [item, item]),
    )
    // The items' own malformed values, one item at a time.
    for (const inner of malformedFor(type.ofType!, name, ctx))
      if (inner.value !== OMIT) out.push(v(`item:${inner.cls}`, [inner.value]))
    return out
  }
  const named = ctx.types.get(type.name!)!
  if (named.kind === 'ENUM') return [...out, ...enumVariants((named.enumValues ?? []).map((e) => e.name))]
  if (named.kind === 'INPUT_OBJECT') {
    const base = baseline(type, name, ctx) as Record<string, FuzzValue>
    out.push(
      v('object:empty', {}),
      v('object:string', 'fuzz'),
      v('object:unknown-field', { ...base, fuzzUnknown: 1 }),
      v('object:as-list', [base]),
    )
    const combinators = (named.inputFields ?? [])
      .map((f) => f.name)
      .filter((f) => f === 'and' || f === 'or' || f === 'not')
    return [...out, ...filterVariants(combinators)]
  }
  const byScalar: Record<string, () => Variant[]> = {
    String: () => STRINGS,
    ID: () => idVariants(name, ctx),
    Int: () => INTS,
    Float: () => FLOATS,
    Boolean: () => BOOLEANS,
    DateTime: () => DATES,
    JSON: () => JSONS,
    Decimal: () => DECIMALS,
    CurrencyCode: () => CURRENCIES,
    Locale: () => LOCALES,
    Upload: () => UPLOADS,
  }
  return [...out, ...(byScalar[named.name]?.() ?? STRINGS)]
}
