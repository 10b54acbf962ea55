import { payloadType } from '../../shared/payloads.js'

export const productImportTypeDefs = /* GraphQL */ `
  """
  A catalog file to import: NDJSON, one product per line with productCreate's fields plus
  categories (handle paths like "men/shirts"). Stage it first: mediaStagedUploadCreate with
  mimeType "application/x-ndjson", then PUT the file to the url it returns.
  """
  input ProductsImportInput {
    stagedUploadId: ID!
    """
    Run every line's commands against the store as it is now without writing anything: the report
    is the one the real run would give now (same counts, same rejections). The staged file is kept
    for the real run.
    """
    dryRun: Boolean = false
  }

  "A line that was not imported, and why."
  type ProductImportRejectedLine {
    "Line number in the file, from 1."
    line: Int!
    code: String!
    "Path into the line's object, e.g. [\\"variants\\", \\"0\\", \\"price\\"]; empty when the line as a whole is at fault."
    field: [String!]!
    message: String!
  }

  "What an import did, line by line counted."
  type ProductImportReport {
    "Non-blank lines read."
    lines: Int!
    "Products created (on a dry run: that would be created)."
    created: Int!
    "Existing products, matched by handle, that changed (on a dry run: that would change)."
    updated: Int!
    "Existing products the line left as they were: nothing was appended for them."
    unchanged: Int!
    rejected: [ProductImportRejectedLine!]!
    dryRun: Boolean!
  }

  ${payloadType('ProductsImport', 'report: ProductImportReport!', {
    eventPosition: 'Log position of the last write; null when nothing was written.',
  })}

  extend type Mutation {
    """
    Imports a staged NDJSON catalog file, synchronously: products are matched by handle (created
    when new, else updated with the fields given) and their variants by SKU, else by option values
    (the combination is unique per product); importing the same file again appends nothing. Bad
    lines are reported and skipped. Needs products:write.
    """
    productsImport(input: ProductsImportInput!): ProductsImportPayload!
  }
`
