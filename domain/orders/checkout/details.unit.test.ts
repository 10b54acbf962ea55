import { describe, expect, it } from 'vitest'
import { checkoutDetailsInput } from './details.js'

const valid = {
  email: ' Ada@Example.COM ',
  shippingAddress: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    address1: '12 St James Square',
    city: 'London',
    postalCode: 'SW1Y 4JH',
    countryCode: 'gb',
  },
  shippingRate: 'Standard',
}

/** The valid details with some of the address fields changed. */
const withAddress = (change: Record<string, string>) => ({
  ...valid,
  shippingAddress: { ...valid.shippingAddress, ...change },
})

describe('checkout details', () => {
  it('normalises the email and country, and empties optional fields to null', () => {
    expect(checkoutDetailsInput.parse({ ...valid, note: '' })).toEqual({
      email: 'ada@example.com',
      shippingAddress: {
        ...valid.shippingAddress,
        countryCode: 'GB',
        address2: null,
        province: null,
        phone: null,
      },
      shippingRate: 'Standard',
      note: null,
    })
  })

  it.each([
    [{ ...valid, email: 'ada' }, ['email'], 'Enter an email address'],
    [withAddress({ city: '  ' }), ['shippingAddress', 'city'], 'City is required'],
    [withAddress({ countryCode: 'XX' }), ['shippingAddress', 'countryCode'], 'country'],
    [withAddress({ phone: 'call me' }), ['shippingAddress', 'phone'], 'phone number'],
    [withAddress({ lastName: 'L\u0000' }), ['shippingAddress', 'lastName'], 'control'],
    [{ ...valid, total: 1 }, [], 'total'],
  ])('refuses %j at the field', (input, path, message) => {
    const issue = checkoutDetailsInput.safeParse(input).error!.issues[0]!
    expect(issue.path).toEqual(path)
    expect(issue.message).toContain(message)
  })

  it('keeps line breaks in a note', () => {
    expect(checkoutDetailsInput.parse({ ...valid, note: 'Ring twice\nthanks' }).note).toBe('Ring twice\nthanks')
  })
})
