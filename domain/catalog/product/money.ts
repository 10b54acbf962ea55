import { badInput } from '../../shared/errors.js'

/**
 * ISO 4217 currencies whose minor unit is not the hundredth. Every other currency has 2
 * fraction digits, so the table stays small: zero-decimal currencies (JPY, KRW …) and the
 * three-decimal dinars.
 */
const FRACTION_DIGITS: Readonly<Record<string, number>> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
}

/** The largest amount accepted, in major units: a billion fits every currency in a safe integer of minor units. */
export const MONEY_MAX_MAJOR = 1_000_000_000

/** A non-negative decimal written with digits and at most one dot: "19.99", "5", "0.5". */
export const DECIMAL_PATTERN = /^\d+(?:\.\d+)?$/

export function fractionDigits(currencyCode: string): number {
  return FRACTION_DIGITS[currencyCode] ?? 2
}

/**
 * A decimal string in a currency's minor units: `"19.99"` in USD → 1999, `"500"` in JPY → 500.
 * More fraction digits than the currency has is refused rather than rounded: a price must be
 * exactly what the merchant typed.
 *
 * @example toMinorUnits('19.90', 'EUR', ['input', 'price']) // 1990
 */
export function toMinorUnits(amount: string, currencyCode: string, field: readonly (string | number)[]): number {
  const name = String(field.at(-1))
  if (!DECIMAL_PATTERN.test(amount))
    throw badInput(field, `${name} must be a decimal string like "19.99"; got '${amount.slice(0, 40)}'`)
  const digits = fractionDigits(currencyCode)
  const [whole, fraction = ''] = amount.split('.') as [string, string?]
  const significant = fraction.replace(/0+$/, '')
  if (significant.length > digits) {
    const allowed =
      digits === 0
        ? `${currencyCode} has no minor unit, so give whole amounts`
        : `${currencyCode} allows at most ${digits} decimals`
    throw badInput(field, `${name} '${amount}' has too many decimals: ${allowed}`)
  }
  if (Number(whole) >= MONEY_MAX_MAJOR)
    throw badInput(field, `${name} must be less than ${MONEY_MAX_MAJOR} ${currencyCode}`)
  return Number(whole) * 10 ** digits + Number(significant.padEnd(digits, '0') || '0')
}

/** Minor units as the decimal string the API shows: 1999 USD → "19.99", 500 JPY → "500", 5 KWD → "0.005". */
export function fromMinorUnits(minor: number, currencyCode: string): string {
  const digits = fractionDigits(currencyCode)
  const sign = minor < 0 ? '-' : ''
  const text = String(Math.abs(minor)).padStart(digits + 1, '0')
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`
}
